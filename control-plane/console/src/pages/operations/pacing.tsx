/**
 * Pacing, for admins: each content platform's default rule (GET/PUT/DELETE
 * /api/admin/pacing/platforms…), which every account there follows unless its
 * own override sets a field. Viewers read; admins set, change and remove.
 */
import { Button, Modal, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { type PacingBody, type PacingRule, PacingRuleForm, ruleCells } from '../../ui/pacing.js';
import { useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';

const RULES = ['admin', 'pacing', 'platforms'] as const;

export function PacingPage() {
  const canWrite = useCanWrite();
  const rules = useQuery({ queryKey: RULES, queryFn: () => unwrap(adminApi.GET('/api/admin/pacing/platforms')) });
  const [editing, setEditing] = useState<{ platform: string; rule: PacingRule | null } | null>(null);
  const [newPlatform, setNewPlatform] = useState('');
  const remove = useRowAction((platform: string) => unwrap(adminApi.DELETE('/api/admin/pacing/platforms/{platform}', { params: { path: { platform } } })), RULES);
  const list = rules.data?.rules ?? [];
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Pacing</Title>
      <Text mt="xs">
        How fast accounts may publish, per platform: the dispatcher starts one job of an account at a time, and only a least gap (+ jitter) after its last start, under a daily
        cap and outside quiet hours, in the rule's time zone. A platform's default applies to every account there; an account's override (set by its integrator in the console, or
        through the admin API) wins field by field. A job that may not start waits queued and says until when and why.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: changing pacing needs the admin role.</Text>}
      <Stack mt="md">
        <ErrorAlert error={rules.error ?? remove.error} />
        {canWrite && (
          <Paper withBorder p="md">
            <form
              aria-label="Set a platform's default pacing"
              onSubmit={(e) => {
                e.preventDefault();
                const platform = newPlatform.trim();
                if (platform) setEditing({ platform, rule: list.find((r) => r.platform === platform) ?? null });
              }}
            >
              <Stack gap="sm">
                <TextInput label="Platform code" description="e.g. xiaohongshu, douyin (CMS sites are not paced)" required maxLength={64} value={newPlatform} onChange={(e) => setNewPlatform(e.currentTarget.value)} w={320} />
                <div>
                  <Button type="submit">Set its default</Button>
                </div>
              </Stack>
            </form>
          </Paper>
        )}
        {rules.data && list.length === 0 && <Text>No platform has a default: nothing paces an account but its own override.</Text>}
        {list.length > 0 && (
          <TableScroll label="Platform defaults">
            <Table miw={860} aria-label="Platform pacing defaults">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Least gap</Table.Th>
                  <Table.Th>Jitter</Table.Th>
                  <Table.Th>Daily cap</Table.Th>
                  <Table.Th>Quiet hours</Table.Th>
                  <Table.Th>Time zone</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r.platform}>
                    <Table.Td>{r.platform}</Table.Td>
                    {ruleCells(r).map((c, n) => (
                      <Table.Td key={n}>{c}</Table.Td>
                    ))}
                    <Table.Td>
                      <Text size="sm">{when(r.updatedAt)}</Text>
                      <Text size="xs">{r.updatedBy}</Text>
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <Button.Group>
                          <Button size="xs" variant="default" aria-label={`Edit the default pacing of ${r.platform}`} onClick={() => setEditing({ platform: r.platform, rule: r })}>
                            Edit
                          </Button>
                          <ConfirmButton
                            size="xs"
                            question={`Remove the default pacing of ${r.platform}?`}
                            details="Its accounts are then paced only by their own overrides, from their next start."
                            confirmLabel="Remove default"
                            onConfirm={() => remove.mutate(r.platform)}
                            aria-label={`Remove the default pacing of ${r.platform}`}
                          >
                            Remove
                          </ConfirmButton>
                        </Button.Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      {editing && <EditDefault {...editing} onClose={() => setEditing(null)} />}
    </RoleGate>
  );
}

function EditDefault({ platform, rule, onClose }: { platform: string; rule: PacingRule | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: PacingBody) => unwrap(adminApi.PUT('/api/admin/pacing/platforms/{platform}', { params: { path: { platform } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RULES });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Default pacing of ${platform}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PacingRuleForm
        label={`Default pacing of ${platform}`}
        initial={rule}
        emptyMeans="leave that limit off (0 s gap, no jitter, no cap, no quiet hours, UTC)"
        submitLabel="Save default"
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) => save.mutate(body)}
      />
    </Modal>
  );
}
