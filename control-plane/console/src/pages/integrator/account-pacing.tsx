/**
 * The Pacing panel of one of the integrator's platform accounts: the rule that
 * applies (their override's fields over the platform's default), starts today,
 * when its next job may start and why, and the form that sets or removes
 * their override (GET/PUT/DELETE /api/console/me/accounts/{id}/pacing).
 */
import { Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { type AccountPacing, EffectivePacing, type PacingBody, PacingRuleForm, ruleCells } from '../../ui/pacing.js';

/** The next start moves as jobs start: the panel keeps up while it is open. */
const REFRESH_MS = 10_000;
const pacingKey = (id: number) => ['me', 'accounts', id, 'pacing'] as const;

export function AccountPacingPanel({ account, onClose }: { account: { id: number; displayName: string; platformName: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  const path = { params: { path: { accountId: String(account.id) } } };
  const pacing = useQuery({ queryKey: pacingKey(account.id), queryFn: () => unwrap(consoleApi.GET('/api/console/me/accounts/{accountId}/pacing', path)), refetchInterval: REFRESH_MS });
  const saved = (data: { pacing: AccountPacing }) => queryClient.setQueryData(pacingKey(account.id), data);
  const set = useMutation({
    mutationFn: (body: PacingBody) => unwrap(consoleApi.PUT('/api/console/me/accounts/{accountId}/pacing', { ...path, body })),
    onSuccess: saved,
  });
  const remove = useMutation({ mutationFn: () => unwrap(consoleApi.DELETE('/api/console/me/accounts/{accountId}/pacing', path)), onSuccess: saved });
  const p = pacing.data?.pacing;
  const name = `${account.displayName} (${account.platformName})`;
  return (
    <Modal opened onClose={onClose} title={`Pacing of ${name}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack component="section" aria-label="Pacing">
        <Text size="sm">
          How fast this account may publish: at most one job at a time, a least gap between starts, a daily cap and quiet hours. A job that may not start yet waits queued and
          says until when. Your override's fields win over the platform's default; a change applies from the next start.
        </Text>
        <ErrorAlert error={pacing.error} />
        {p && (
          <>
            <Title order={3} size="h5">
              Effective rule
            </Title>
            <EffectivePacing pacing={p} label={`Effective pacing of ${name}`} />
            <Title order={3} size="h5">
              Override and platform default
            </Title>
            <Table aria-label={`Pacing rules of ${name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Least gap</Table.Th>
                  <Table.Th>Jitter</Table.Th>
                  <Table.Th>Daily cap</Table.Th>
                  <Table.Th>Quiet hours</Table.Th>
                  <Table.Th>Time zone</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">Your override</Table.Th>
                  {ruleCells(p.override).map((c, n) => (
                    <Table.Td key={n}>{c}</Table.Td>
                  ))}
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Platform default</Table.Th>
                  {ruleCells(p.platformDefault).map((c, n) => (
                    <Table.Td key={n}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {p.override && (
              <Text size="xs">
                Override set by {p.override.updatedBy}, {when(p.override.updatedAt)}.
              </Text>
            )}
            <Title order={3} size="h5">
              {p.override ? 'Change your override' : 'Set an override'}
            </Title>
            <PacingRuleForm
              key={p.override?.updatedAt ?? 'none'}
              label={`Pacing override of ${name}`}
              initial={p.override}
              emptyMeans="take the platform's default"
              submitLabel="Save override"
              pending={set.isPending}
              error={set.error}
              onSubmit={(body) => set.mutate(body)}
            />
            {set.isSuccess && (
              <Text size="sm" role="status">
                Override saved.
              </Text>
            )}
            {p.override && (
              <Group>
                <ConfirmButton
                  question={`Remove the pacing override of ${name}?`}
                  details="The platform's default applies to its next start."
                  confirmLabel="Remove override"
                  loading={remove.isPending}
                  onConfirm={() => remove.mutate()}
                >
                  Remove override
                </ConfirmButton>
              </Group>
            )}
            <ErrorAlert error={remove.error} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
