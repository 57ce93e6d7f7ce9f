/** Every integrator's publish jobs for operators: filtered by state, user, platform, node and batch, paged by the server; each opens its detail. */
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { JOB_STATES, jobsSearch } from '../../list-search.js';
import { ChallengeAnswer } from '../../ui/challenge-answer.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { NeedsYouBadge } from '../../ui/needs-you.js';
import { PageSizeSelect } from '../../ui/pager.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';
import { useIdFilter, useTextFilter, useUrlFilters } from '../../ui/url-filters.js';

const RouterAnchor = createLink(Anchor);
/** Jobs awaiting input have minutes to be answered: the list of them is read again on this beat. */
const AWAITING_REFRESH_MS = 5000;

/** Every user's jobs awaiting input now. */
function useAwaitingJobs() {
  return useQuery({ queryKey: ['admin', 'jobs-awaiting-input'], queryFn: () => unwrap(adminApi.GET('/api/admin/jobs/awaiting-input')), refetchInterval: AWAITING_REFRESH_MS });
}

/** The jobs a platform paused on a question, first on the page, each with its answer view. */
function NeedsYou() {
  const awaiting = useAwaitingJobs();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState<string | null>(null);
  const items = awaiting.data?.items ?? [];
  return (
    <>
      <ErrorAlert error={awaiting.error} />
      {items.length > 0 && (
        <Alert color="red.9" variant="outline" title="Needs you" role="region">
          <Text size="sm">A platform asks something before publishing: answer on the live page before the time runs out, or the job fails input_timeout.</Text>
          <Stack gap="xs" mt="sm">
            {items.map((j) => (
              <Group key={j.job_id} gap="sm" wrap="wrap" data-job-id={j.job_id}>
                <Text size="sm" ff="monospace">
                  <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.job_id }}>
                    {j.job_id}
                  </RouterAnchor>
                </Text>
                <Text size="sm">
                  user {j.user_id}, {j.platform}
                </Text>
                {j.challenge && <NeedsYouBadge challenge={j.challenge} />}
                <Button size="xs" aria-label={`${canWrite ? 'Answer' : 'Watch'} job ${j.job_id}`} onClick={() => setAnswering(j.job_id)}>
                  {canWrite ? 'Answer' : 'Watch'}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {answering && (
        <ChallengeAnswer
          jobId={answering}
          surface="admin"
          readOnly={!canWrite}
          onEnded={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })}
          onClose={() => setAnswering(null)}
        />
      )}
    </>
  );
}

export function JobsPage() {
  const filters = useUrlFilters(jobsSearch);
  const { search, page, setPage, choose } = filters;
  const { pageSize = 20, order = 'desc' } = search;
  const [userId, setUserId, badUser] = useIdFilter(filters, 'userId');
  const [platform, setPlatform] = useTextFilter(filters, 'platform');
  const [nodeId, setNodeId] = useTextFilter(filters, 'nodeId');
  const [batchId, setBatchId] = useTextFilter(filters, 'batchId');
  const { page: _page, pageSize: _size, ...filter } = { ...search, order };
  const awaiting = useAwaitingJobs();
  const needsYou = new Map((awaiting.data?.items ?? []).flatMap((j) => (j.challenge ? [[j.job_id, j.challenge] as const] : [])));
  const jobs = useQuery({
    queryKey: ['admin', 'jobs', filter, page, pageSize],
    queryFn: () => unwrap(adminApi.GET('/api/admin/jobs', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: keepPrevious,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Publish jobs</Title>
      <Text mt="xs">
        One job per account of every publish, of every integrator. The jobs waiting for a person have their own page,{' '}
        <RouterAnchor to="/attention">Jobs needing attention</RouterAnchor>.
      </Text>
      <QueryTable
        header={<NeedsYou />}
        filters={
          <>
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
          </>
        }
        list={jobs.data}
        error={jobs.error}
        label="Publish jobs"
        miw={900}
        rowKey={(j) => j.id}
        columns={[
          {
            header: 'Job',
            td: { style: WRAP_ANYWHERE },
            cell: (j) => (
              <>
                <Text ff="monospace" size="sm">
                  <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.id }}>
                    {j.id}
                  </RouterAnchor>
                </Text>
                <Text size="xs" ff="monospace">
                  {j.batchId}
                </Text>
              </>
            ),
          },
          {
            header: 'State',
            cell: (j) => (
              <>
                <StateBadge state={j.state} />
                {needsYou.has(j.id) && <NeedsYouBadge challenge={needsYou.get(j.id)!} />}
              </>
            ),
          },
          { header: 'User', cell: (j) => j.userId },
          { header: 'Platform', cell: (j) => j.platform },
          {
            header: 'Executor',
            cell: (j) => (
              <>
                {j.contentType} · {j.executor}
              </>
            ),
          },
          { header: 'Node', td: { ff: 'monospace', fz: 'xs', style: WRAP_ANYWHERE }, cell: (j) => j.nodeId ?? '—' },
          { header: 'Attempts', cell: (j) => j.attempt },
          {
            header: 'Error',
            cell: (j) =>
              j.error ? (
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
              ),
          },
          { header: 'Last change', cell: (j) => when(j.updatedAt) },
        ]}
        empty="No job matches."
        paging={{ page, pageSize, onChange: setPage, label: 'Job pages' }}
      />
    </RoleGate>
  );
}
