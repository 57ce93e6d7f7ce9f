/**
 * One execution node: live state (asked again every LIVE_REFRESH_MS), what it
 * runs (adapters with their last `plume-edge check`, the logins it opens),
 * the users it serves, its accounts and where each publishes from (its
 * egress, ui/egress.tsx); an admin drains, resumes and revokes it
 * (revoking asks first) and changes its users (node-users-panel.tsx).
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { AccountEgressPanel } from '../../ui/egress.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { type AdminNodeDetail, LIVE_REFRESH_MS, type NodeCapabilities, NodeStateBadge, slotsInUse } from '../../ui/node-state.js';
import { ACTIONS, DataTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';
import { NodeUsersPanel } from './node-users-panel.js';

const RouterAnchor = createLink(Anchor);

export function NodePage() {
  const { nodeId } = useParams({ from: '/app/nodes/$nodeId' });
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const node = useQuery({
    queryKey: ['admin', 'nodes', nodeId],
    queryFn: () => unwrap(adminApi.GET('/api/admin/nodes/{nodeId}', { params: { path: { nodeId } } })),
    refetchInterval: LIVE_REFRESH_MS,
  });
  const setStatus = useMutation({
    mutationFn: (verb: 'drain' | 'resume' | 'revoke') => {
      const path = { params: { path: { nodeId } } };
      if (verb === 'drain') return unwrap(adminApi.POST('/api/admin/nodes/{nodeId}/drain', path));
      if (verb === 'resume') return unwrap(adminApi.POST('/api/admin/nodes/{nodeId}/resume', path));
      return unwrap(adminApi.POST('/api/admin/nodes/{nodeId}/revoke', path));
    },
    onSuccess: (answer) => queryClient.setQueryData(['admin', 'nodes', nodeId], answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'nodes'] }),
  });
  const n = node.data?.node;
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <RouterAnchor to="/nodes">
        All nodes
      </RouterAnchor>
      {/* A name is anything up to 200 characters: a long word breaks rather than widen a phone's page. */}
      <Title order={2} mt="xs" style={{ overflowWrap: 'anywhere' }}>
        {n ? `Node ${n.name}` : `Node ${nodeId}`}
      </Title>
      <ErrorAlert error={node.error} mt="md" />
      {n && (
        <Stack mt="md">
          <Group gap="sm">
            <NodeStateBadge node={n} />
            <Text size="sm">
              {n.kind} node <code>{n.id}</code>, refreshed every {LIVE_REFRESH_MS / 1000} seconds
            </Text>
          </Group>
          {canWrite && n.status !== 'revoked' && (
            <Group>
              {n.status === 'active' ? (
                <Button variant="default" loading={setStatus.isPending && setStatus.variables === 'drain'} onClick={() => setStatus.mutate('drain')}>
                  Drain
                </Button>
              ) : (
                <Button variant="default" loading={setStatus.isPending && setStatus.variables === 'resume'} onClick={() => setStatus.mutate('resume')}>
                  Resume
                </Button>
              )}
              <ConfirmButton
                question={`Revoke the node “${n.name}”?`}
                details="Its connection is closed and it is refused from now on. Its jobs not yet committed fail and give their quota back; committed ones wait for a person. To use the machine again, enroll it anew."
                confirmLabel="Revoke node"
                onConfirm={() => setStatus.mutate('revoke')}
              >
                Revoke
              </ConfirmButton>
            </Group>
          )}
          {!canWrite && <Text size="sm">You have read-only access: draining, resuming, revoking and changing users need the admin role.</Text>}
          <ErrorAlert error={setStatus.error} />
          <Facts node={n} />
          <Capabilities capabilities={n.capabilities} />
          <NodeUsersPanel node={n} canWrite={canWrite} />
          <Accounts accounts={n.accountList} />
        </Stack>
      )}
    </RoleGate>
  );
}

function Facts({ node: n }: { node: AdminNodeDetail }) {
  const rows: Array<[string, string]> = [
    ['Status', n.status],
    ['Last seen', when(n.lastHeartbeatAt)],
    ['Connected since', n.online ? when(n.connectedAt) : '—'],
    ['Slots in use', slotsInUse(n)],
    ['Jobs queued', String(n.jobsQueued)],
    ['Chromium', n.capabilities.chromiumVersion ?? '—'],
    ['Machine id', n.machineId ?? '—'],
    ['Fingerprint', n.fingerprint ?? '—'],
    ['Video folder', n.capabilities.videoDir ?? '—'],
    ['Video files', n.inventory ? `${n.inventory.files}${n.inventory.truncated ? '+' : ''} (reported ${when(n.inventory.updatedAt)})` : '—'],
    ['Enrolled', when(n.createdAt)],
    ['Revoked', when(n.revokedAt)],
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        Live state
      </Title>
      <TableScroll label="Node facts">
        <Table aria-label="Node facts" mt="xs">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w={180}>
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

function Capabilities({ capabilities: c }: { capabilities: NodeCapabilities }) {
  const checks = c.siteChecks ?? [];
  // One row per platform × content type the node runs, with that pair's last site check; checks of pairs it no longer runs are left out.
  const pairs = (c.adapters ?? []).flatMap((a) => a.contentTypes.map((contentType) => ({ platform: a.platform, contentType, settings: a.settings, check: checks.find((k) => k.platform === a.platform && k.contentType === contentType) })));
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        What it runs
      </Title>
      <Text size="sm" mt="xs">
        Relayed logins it opens: {c.logins?.length ? c.logins.join(', ') : 'none'}. Local video files: {c.localVideoFile === 1 ? 'yes' : 'no'}.
      </Text>
      {c.adapters === undefined ? (
        <Text size="sm" mt="xs">
          The node has not reported its adapters yet (it reports them when it connects): no job goes to it until it does.
        </Text>
      ) : (
        <DataTable
          label="Adapters"
          miw={760}
          mt="xs"
          rows={pairs}
          rowKey={(p) => `${p.platform}/${p.contentType}`}
          columns={[
            { header: 'Platform', cell: (p) => p.platform },
            { header: 'Content type', cell: (p) => p.contentType },
            {
              header: 'Last check',
              cell: (p) => (p.check ? <StateBadge state={p.check.status} /> : 'not checked'),
            },
            { header: 'Checked', cell: (p) => when(p.check?.checkedAt) },
            {
              header: 'What failed',
              cell: (p) => (p.check?.status === 'failed' ? [p.check.step, p.check.code, p.check.message].filter(Boolean).join(': ') : '—'),
            },
            { header: 'Settings it applies', cell: (p) => (p.settings.length ? p.settings.join(', ') : '—') },
          ]}
        />
      )}
      {c.adapters !== undefined && pairs.length === 0 && <Text size="sm">No adapter.</Text>}
    </Paper>
  );
}

function Accounts({ accounts }: { accounts: AdminNodeDetail['accountList'] }) {
  const [egressOf, setEgressOf] = useState<AdminNodeDetail['accountList'][number] | null>(null);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        Platform accounts on it
      </Title>
      <Text size="sm">
        <strong>Egress</strong> shows the network each account publishes from and when it last changed: platforms ask an account seen from a new network to verify.
      </Text>
      {accounts.length === 0 ? (
        <Text size="sm" mt="xs">
          None.
        </Text>
      ) : (
        <DataTable
          label="Accounts on the node"
          miw={560}
          mt="xs"
          rows={accounts}
          rowKey={(a) => a.id}
          columns={[
            { header: 'Id', cell: (a) => a.id },
            { header: 'User', cell: (a) => a.userId },
            { header: 'Platform', cell: (a) => a.platform },
            { header: 'Name', cell: (a) => a.displayName },
            { header: 'Login', cell: (a) => <StateBadge state={a.loginState} /> },
            {
              header: ACTIONS,
              cell: (a) => (
                <Button size="xs" variant="default" aria-label={`Egress of ${a.displayName} (${a.platform})`} onClick={() => setEgressOf(a)}>
                  Egress
                </Button>
              ),
            },
          ]}
        />
      )}
      {egressOf && <AccountEgressPanel account={egressOf} onClose={() => setEgressOf(null)} />}
    </Paper>
  );
}
