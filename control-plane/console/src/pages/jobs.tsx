/** Every integrator's publish jobs for operators: filtered by state, user, platform, node and batch, paged by the server; each opens its detail. */
import { Anchor, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { adminApi, unwrap } from '../api/client.js';
import { JOB_STATES, jobsSearch } from '../list-search.js';
import { ErrorAlert } from '../ui/error-alert.js';
import { when } from '../ui/format.js';
import { PageSizeSelect, Pager } from '../ui/pager.js';
import { RoleGate } from '../ui/role-gate.js';
import { StateBadge } from '../ui/state-badge.js';
import { TableScroll, WRAP_ANYWHERE } from '../ui/table-scroll.js';
import { useIdFilter, useTextFilter, useUrlFilters } from '../ui/url-filters.js';

const RouterAnchor = createLink(Anchor);

export function JobsPage() {
  const filters = useUrlFilters(jobsSearch);
  const { search, page, setPage, choose } = filters;
  const { pageSize = 20, order = 'desc' } = search;
  const [userId, setUserId, badUser] = useIdFilter(filters, 'userId');
  const [platform, setPlatform] = useTextFilter(filters, 'platform');
  const [nodeId, setNodeId] = useTextFilter(filters, 'nodeId');
  const [batchId, setBatchId] = useTextFilter(filters, 'batchId');
  const { page: _page, pageSize: _size, ...filter } = { ...search, order };
  const jobs = useQuery({
    queryKey: ['admin', 'jobs', filter, page, pageSize],
    queryFn: () => unwrap(adminApi.GET('/api/admin/jobs', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Publish jobs</Title>
      <Text mt="xs">
        One job per account of every publish, of every integrator. The jobs waiting for a person have their own page,{' '}
        <RouterAnchor to="/attention">Jobs needing attention</RouterAnchor>.
      </Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <Select label="State" placeholder="Any" clearable data={[...JOB_STATES]} value={search.state ?? null} onChange={choose('state')} w={180} />
          <TextInput
            label="User id"
            inputMode="numeric"
            maxLength={10}
            value={userId}
            error={badUser ? 'A user id is a number' : undefined}
            onChange={(e) => setUserId(e.currentTarget.value)}
            w={120}
          />
          <TextInput label="Platform" placeholder="e.g. bilibili" maxLength={64} value={platform} onChange={(e) => setPlatform(e.currentTarget.value)} w={150} />
          <TextInput label="Node id" placeholder="node_…" maxLength={69} value={nodeId} onChange={(e) => setNodeId(e.currentTarget.value)} w={200} />
          <TextInput label="Batch id" placeholder="bat_…" maxLength={68} value={batchId} onChange={(e) => setBatchId(e.currentTarget.value)} w={200} />
          <Select
            label="Order"
            data={[
              { value: 'desc', label: 'Latest change first' },
              { value: 'asc', label: 'Oldest change first' },
            ]}
            value={order}
            onChange={choose('order')}
            allowDeselect={false}
            w={190}
          />
          <PageSizeSelect value={pageSize} onChange={choose('pageSize')} />
        </Group>
        <ErrorAlert error={jobs.error} />
        {jobs.data && (
          <TableScroll label="Publish jobs">
            <Table miw={900} aria-label="Publish jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Executor</Table.Th>
                  <Table.Th>Node</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Error</Table.Th>
                  <Table.Th>Last change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td style={WRAP_ANYWHERE}>
                      <Text ff="monospace" size="sm">
                        <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.id }}>
                          {j.id}
                        </RouterAnchor>
                      </Text>
                      <Text size="xs" ff="monospace">
                        {j.batchId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={j.state} />
                    </Table.Td>
                    <Table.Td>{j.userId}</Table.Td>
                    <Table.Td>{j.platform}</Table.Td>
                    <Table.Td>
                      {j.contentType} · {j.executor}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={WRAP_ANYWHERE}>
                      {j.nodeId ?? '—'}
                    </Table.Td>
                    <Table.Td>{j.attempt}</Table.Td>
                    <Table.Td>
                      {j.error ? (
                        <>
                          <Text size="sm" ff="monospace">
                            {j.error.code}
                          </Text>
                          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                            {j.error.message ?? ''}
                          </Text>
                        </>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{when(j.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {jobs.data && jobs.data.items.length === 0 && <Text>No job matches.</Text>}
        {jobs.data && <Pager page={page} pageSize={pageSize} total={jobs.data.total} onChange={setPage} label="Job pages" />}
      </Stack>
    </RoleGate>
  );
}
