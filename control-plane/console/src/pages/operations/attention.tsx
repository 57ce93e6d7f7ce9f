/**
 * The work queue of jobs waiting for a person (needs_attention), longest
 * waiting first: why each waits, and Resolve for an admin (published with
 * the post found, failed, or queued again).
 */
import { Anchor, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { adminApi, unwrap } from '../../api/client.js';
import { pageSearch } from '../../list-search.js';
import { when } from '../../ui/format.js';
import { ACTIONS, keepPrevious, QueryTable } from '../../ui/query-table.js';
import { ResolveJobButton } from '../../ui/resolve-job.js';
import { RoleGate } from '../../ui/role-gate.js';
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
    placeholderData: keepPrevious,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Jobs needing attention</Title>
      <Text mt="xs">
        A job waits here when nobody can tell whether it was published: look on the platform, then resolve it. Longest waiting first; its batch stays running
        until then.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: resolving jobs needs the admin role.</Text>}
      <QueryTable
        list={jobs.data}
        error={jobs.error}
        label="Jobs needing attention"
        miw={1000}
        rowKey={(j) => j.id}
        columns={[
          {
            header: 'Job',
            cell: (j) => (
              <Text ff="monospace" size="sm">
                <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.id }}>
                  {j.id}
                </RouterAnchor>
              </Text>
            ),
          },
          { header: 'Waiting since', cell: (j) => when(j.updatedAt) },
          { header: 'User', cell: (j) => j.userId },
          { header: 'Platform', cell: (j) => j.platform },
          {
            header: 'Why',
            cell: (j) => (
              <>
                <Text size="sm">{(j.error && REASONS[j.error.code]) ?? j.error?.code ?? '—'}</Text>
                {j.error?.message && (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {j.error.message}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Candidate post',
            td: { ff: 'monospace', fz: 'xs', style: { overflowWrap: 'anywhere' } },
            cell: (j) => j.platformPostId ?? '—',
          },
          canWrite && { header: ACTIONS, cell: (j) => <ResolveJobButton jobId={j.id} /> },
        ]}
        empty="No job is waiting for a person."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Pages of jobs needing attention' }}
      />
    </RoleGate>
  );
}
