/**
 * The Health panel of one platform account: where it stands with its
 * platform (ok, watch, cooling, restricted), since when, when a cooling ends,
 * and the evidence. An integrator reads their own (GET
 * /api/console/me/accounts/{id}/health); an admin reads any
 * (GET /api/admin/accounts/{id}/health) and restricts or clears it with a
 * note, after a confirmation (POST the same path); a viewer reads it.
 */
import { Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, consoleApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { HealthSignals, HealthSummary, signalRow } from '../../ui/health.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';

/** Signals arrive as jobs run: the panel keeps up while it is open. */
const REFRESH_MS = 10_000;

interface PanelAccount {
  id: number;
  displayName: string;
  platform: string;
}

const EXPLAIN =
  'Plume counts what goes wrong with the account on its platform (a challenge met, a lost login, a publish refused, a restriction the page showed). A few signals put it on watch; many in the rules\u2019 window cool it down, and no job of it starts until the cool-down ends; a restriction holds its jobs until an admin clears it. Held jobs wait queued and say why.';

export function AccountHealthPanel({ account, onClose }: { account: PanelAccount; onClose: () => void }) {
  const health = useQuery({
    queryKey: ['me', 'accounts', account.id, 'health'],
    queryFn: () => unwrap(consoleApi.GET('/api/console/me/accounts/{accountId}/health', { params: { path: { accountId: String(account.id) } } })),
    refetchInterval: REFRESH_MS,
  });
  const name = `${account.displayName} (${account.platform})`;
  const h = health.data?.health;
  return (
    <Modal opened onClose={onClose} title={`Health of ${name}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack component="section" aria-label="Health">
        <Text size="sm">{EXPLAIN} Only an admin restricts an account or clears it.</Text>
        <ErrorAlert error={health.error} />
        {h && (
          <>
            <HealthSummary health={h} label={`Health of ${name}`} />
            <Title order={3} size="h5">
              Evidence
            </Title>
            <TableScroll label={`Health signals of ${name}, table`}>
              <HealthSignals signals={h.signals} label={`Health signals of ${name}`} />
            </TableScroll>
          </>
        )}
      </Stack>
    </Modal>
  );
}

export function AdminAccountHealthPanel({ account, onClose, onChanged }: { account: PanelAccount; onClose: () => void; onChanged?: () => void }) {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const key = ['admin', 'accounts', account.id, 'health'] as const;
  const path = { params: { path: { accountId: account.id } } };
  const health = useQuery({ queryKey: key, queryFn: () => unwrap(adminApi.GET('/api/admin/accounts/{accountId}/health', path)), refetchInterval: REFRESH_MS });
  const [note, setNote] = useState('');
  const set = useMutation({
    mutationFn: (state: 'restricted' | 'ok') => unwrap(adminApi.POST('/api/admin/accounts/{accountId}/health', { ...path, body: { state, note: note.trim() } })),
    onSuccess: (data) => {
      queryClient.setQueryData(key, { success: true as const, health: data.health });
      setNote('');
      onChanged?.();
    },
  });
  const name = `${account.displayName} (${account.platform})`;
  const h = health.data?.health;
  const noted = note.trim().length > 0;
  return (
    <Modal opened onClose={onClose} title={`Health of ${name}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack component="section" aria-label="Health">
        <Text size="sm">{EXPLAIN}</Text>
        <ErrorAlert error={health.error} />
        {h && (
          <>
            <HealthSummary health={h} label={`Health of ${name}`} />
            {(h.note || h.changedBy) && (
              <Text size="sm">
                {h.changedBy ? `Changed by ${h.changedBy}` : 'Changed'}
                {h.since ? `, ${when(h.since)}` : ''}
                {h.note ? `: \u201c${h.note}\u201d` : ''}
              </Text>
            )}
            <Title order={3} size="h5">
              Evidence
            </Title>
            <TableScroll label={`Health signals of ${name}, table`}>
              <HealthSignals signals={h.signals.map(signalRow)} label={`Health signals of ${name}`} />
            </TableScroll>
            {canWrite && (
              <>
                <Title order={3} size="h5">
                  Restrict or clear
                </Title>
                <Textarea
                  label="Note"
                  description="Why: kept with the state and shown to operators (required)"
                  maxLength={1000}
                  autosize
                  minRows={2}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                />
                <Group>
                  {h.state !== 'restricted' && (
                    <ConfirmButton
                      disabled={!noted}
                      question={`Restrict ${name}?`}
                      details="No job of the account starts until an admin clears it; its jobs wait queued. The integrator's webhook is told."
                      confirmLabel="Restrict"
                      loading={set.isPending}
                      onConfirm={() => set.mutate('restricted')}
                    >
                      Restrict
                    </ConfirmButton>
                  )}
                  {h.state !== 'ok' && (
                    <ConfirmButton
                      disabled={!noted}
                      question={`Clear ${name} to ok?`}
                      details="What was counted is forgiven (only signals from now on count) and its held jobs may start at once."
                      confirmLabel="Clear to ok"
                      loading={set.isPending}
                      onConfirm={() => set.mutate('ok')}
                    >
                      Clear to ok
                    </ConfirmButton>
                  )}
                </Group>
                <ErrorAlert error={set.error} />
                {set.isSuccess && (
                  <Text size="sm" role="status">
                    {set.data.changed ? `Now ${set.data.health.state}.` : `Already ${set.data.health.state}: nothing changed.`}
                  </Text>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
