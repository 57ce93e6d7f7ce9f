/**
 * The work queue of jobs waiting for a person (needs_attention), longest
 * waiting first: why each waits, and Resolve for an admin (published with
 * the post found, failed, or queued again).
 */
import { Anchor, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { adminApi, unwrap } from '../../api/client.js';
import { pageSearch } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { ResolveJobButton } from '../../ui/resolve-job.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const PAGE_SIZE = 50;
const RouterAnchor = createLink(Anchor);
/** Why a job waits, as the control plane records it. */
const REASONS: Record<string, string> = {
  ambiguous_verification: 'Several posts on the platform could be this one',
  outcome_unknown: 'Its outcome could not be looked up (the node stayed away)',
};

export function AttentionPage() {
  const canWrite = useCanWrite();
  const { page, setPage } = useUrlFilters(pageSearch);
  const jobs = useQuery({
    queryKey: ['admin', 'jobs', 'attention', page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/jobs', { params: { query: { state: 'needs_attention', order: 'asc', page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Jobs needing attention</Title>
      <Text mt="xs">
        A job waits here when nobody can tell whether it was published: look on the platform, then resolve it. Longest waiting first; its batch stays running
        until then.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: resolving jobs needs the admin role.</Text>}
      <Stack mt="md">
        <ErrorAlert error={jobs.error} />
        {jobs.data && jobs.data.items.length > 0 && (
          <TableScroll label="Jobs needing attention">
            <Table miw={1000} aria-label="Jobs needing attention">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Waiting since</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>Candidate post</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.id }}>
                          {j.id}
                        </RouterAnchor>
                      </Text>
                    </Table.Td>
                    <Table.Td>{when(j.updatedAt)}</Table.Td>
                    <Table.Td>{j.userId}</Table.Td>
                    <Table.Td>{j.platform}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{(j.error && REASONS[j.error.code]) ?? j.error?.code ?? '—'}</Text>
                      {j.error?.message && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {j.error.message}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {j.platformPostId ?? '—'}
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <ResolveJobButton jobId={j.id} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {jobs.data && jobs.data.items.length === 0 && <Text>No job is waiting for a person.</Text>}
        {jobs.data && <Pager page={page} pageSize={PAGE_SIZE} total={jobs.data.total} onChange={setPage} label="Pages of jobs needing attention" />}
      </Stack>
    </RoleGate>
  );
}
