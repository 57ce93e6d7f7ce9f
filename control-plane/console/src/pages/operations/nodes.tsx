/**
 * Execution nodes: their live state (asked again every LIVE_REFRESH_MS, so a
 * node that connects shows without a reload), filtered by status and kind,
 * paged by the server. Each links to its own page (node.tsx).
 */
import { Anchor, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { adminApi, unwrap } from '../../api/client.js';
import { nodesSearch } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { LIVE_REFRESH_MS, NodeStateBadge, servedUsers, slotsInUse } from '../../ui/node-state.js';
import { PageSizeSelect, Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll, WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const RouterAnchor = createLink(Anchor);

export function NodesPage() {
  const canWrite = useCanWrite();
  const { search, page, setPage, choose } = useUrlFilters(nodesSearch);
  const { pageSize = 20 } = search;
  const filter = { status: search.status, kind: search.kind };
  const nodes = useQuery({
    queryKey: ['admin', 'nodes', filter, page, pageSize],
    queryFn: () => unwrap(adminApi.GET('/api/admin/nodes', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: (previous) => previous,
    refetchInterval: LIVE_REFRESH_MS,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Nodes</Title>
      <Text mt="xs">
        The machines that run publish jobs. A node is online while it is connected and heard from in the last minute; a draining node finishes its jobs and gets no new
        ones; a revoked node is refused for good. This list refreshes every {LIVE_REFRESH_MS / 1000} seconds.
      </Text>
      <Text mt="xs">
        New nodes enroll with a single-use token: <RouterAnchor to="/node-tokens">Enrollment tokens</RouterAnchor>.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: draining, resuming, revoking and changing users need the admin role.</Text>}
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <Select label="Status" placeholder="Any" clearable data={['active', 'draining', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={150} />
          <Select label="Kind" placeholder="Any" clearable data={['edge', 'desktop', 'web']} value={search.kind ?? null} onChange={choose('kind')} w={150} />
          <PageSizeSelect value={pageSize} onChange={choose('pageSize')} />
        </Group>
        <ErrorAlert error={nodes.error} />
        {nodes.data && (
          <TableScroll label="Nodes">
            <Table miw={900} aria-label="Nodes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Node</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Chromium</Table.Th>
                  <Table.Th>Slots in use</Table.Th>
                  <Table.Th>Queued</Table.Th>
                  <Table.Th>Serves</Table.Th>
                  <Table.Th>Accounts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {nodes.data.items.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td style={WRAP_ANYWHERE}>
                      <RouterAnchor to="/nodes/$nodeId" params={{ nodeId: n.id }}>
                        {n.name}
                      </RouterAnchor>
                      <Text size="xs" ff="monospace">
                        {n.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{n.kind}</Table.Td>
                    <Table.Td>
                      <NodeStateBadge node={n} />
                    </Table.Td>
                    <Table.Td>{when(n.lastHeartbeatAt)}</Table.Td>
                    <Table.Td>{n.capabilities.chromiumVersion ?? '—'}</Table.Td>
                    <Table.Td>{slotsInUse(n)}</Table.Td>
                    <Table.Td>{n.jobsQueued}</Table.Td>
                    <Table.Td>{servedUsers(n)}</Table.Td>
                    <Table.Td>{n.accounts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {nodes.data && nodes.data.items.length === 0 && <Text>No node matches.</Text>}
        {nodes.data && <Pager page={page} pageSize={pageSize} total={nodes.data.total} onChange={setPage} label="Node pages" />}
      </Stack>
    </RoleGate>
  );
}
