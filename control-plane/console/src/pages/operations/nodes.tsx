/**
 * Execution nodes: their live state (asked again every LIVE_REFRESH_MS, so a
 * node that connects shows without a reload), filtered by status and kind,
 * paged by the server. Each links to its own page (node.tsx).
 */
import { Anchor, Select, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { adminApi, unwrap } from '../../api/client.js';
import { nodesSearch } from '../../list-search.js';
import { when } from '../../ui/format.js';
import { LIVE_REFRESH_MS, NodeStateBadge, servedUsers, slotsInUse } from '../../ui/node-state.js';
import { PageSizeSelect } from '../../ui/pager.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { WRAP_ANYWHERE } from '../../ui/table-scroll.js';
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
    placeholderData: keepPrevious,
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
      <QueryTable
        filters={
          <>
            <Select label="Status" placeholder="Any" clearable data={['active', 'draining', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={150} />
            <Select label="Kind" placeholder="Any" clearable data={['edge', 'desktop', 'web']} value={search.kind ?? null} onChange={choose('kind')} w={150} />
            <PageSizeSelect value={pageSize} onChange={choose('pageSize')} />
          </>
        }
        list={nodes.data}
        error={nodes.error}
        label="Nodes"
        miw={900}
        rowKey={(n) => n.id}
        columns={[
          {
            header: 'Node',
            td: { style: WRAP_ANYWHERE },
            cell: (n) => (
              <>
                <RouterAnchor to="/nodes/$nodeId" params={{ nodeId: n.id }}>
                  {n.name}
                </RouterAnchor>
                <Text size="xs" ff="monospace">
                  {n.id}
                </Text>
              </>
            ),
          },
          { header: 'Kind', cell: (n) => n.kind },
          { header: 'State', cell: (n) => <NodeStateBadge node={n} /> },
          { header: 'Last seen', cell: (n) => when(n.lastHeartbeatAt) },
          { header: 'Chromium', cell: (n) => n.capabilities.chromiumVersion ?? '—' },
          { header: 'Slots in use', cell: slotsInUse },
          { header: 'Queued', cell: (n) => n.jobsQueued },
          { header: 'Serves', cell: servedUsers },
          { header: 'Accounts', cell: (n) => n.accounts },
        ]}
        empty="No node matches."
        paging={{ page, pageSize, onChange: setPage, label: 'Node pages' }}
      />
    </RoleGate>
  );
}
