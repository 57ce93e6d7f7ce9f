import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { apiRange, BATCH_STATES, type HistorySearch } from '../../history-search.js';
import { ChallengeAnswer } from '../../ui/challenge-answer.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { NeedsYouBadge } from '../../ui/needs-you.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';

const PAGE_SIZE = 20;
/** Batches move while jobs run: the list refreshes while the page is open. */
const REFRESH_MS = 5000;
const RouterAnchor = createLink(Anchor);

export function PublishHistoryPage() {
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>Publish history</Title>
      <Text mt="xs">Every publish call made with your API keys: one batch per call, one job per account. Open a batch for each account's outcome.</Text>
      <NeedsYou />
      <Filters />
      <BatchList />
    </RoleGate>
  );
}

function Filters() {
  const search = useSearch({ from: '/app/history' });
  const navigate = useNavigate({ from: '/history' });
  const [draft, setDraft] = useState<HistorySearch>(search);
  // The form follows the URL (a reload, Clear, the back button); keyed on the content, not the object.
  const applied = JSON.stringify(search);
  useEffect(() => setDraft(JSON.parse(applied) as HistorySearch), [applied]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next: HistorySearch = {};
    if (draft.status) next.status = draft.status;
    if (draft.from) next.from = draft.from;
    if (draft.to) next.to = draft.to;
    const requestId = draft.requestId?.trim();
    if (requestId) next.requestId = requestId;
    void navigate({ search: next });
  };
  return (
    <Paper withBorder p="md" mt="md" component="form" onSubmit={apply} aria-label="Filter batches">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={BATCH_STATES.map((s) => ({ value: s, label: s }))}
          value={draft.status ?? null}
          onChange={(value) => setDraft({ ...draft, ...(value ? { status: value as HistorySearch['status'] } : { status: undefined }) })}
        />
        <TextInput label="Created from" description="A UTC day, included" type="date" value={draft.from ?? ''} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value || undefined })} />
        <TextInput label="Created until" description="A UTC day, included" type="date" value={draft.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value || undefined })} />
        <TextInput
          label="Request id"
          description="The X-Request-Id of a publish call"
          maxLength={64}
          value={draft.requestId ?? ''}
          onChange={(e) => setDraft({ ...draft, requestId: e.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      <Group mt="md" gap="xs">
        <Button type="submit">Apply filters</Button>
        <Button variant="default" onClick={() => void navigate({ search: {} })}>
          Clear
        </Button>
      </Group>
    </Paper>
  );
}

/** The jobs awaiting input now, first on the page: each has minutes before it fails input_timeout. */
function useAwaiting() {
  return useQuery({ queryKey: ['me', 'jobs-awaiting-input'], queryFn: () => unwrap(consoleApi.GET('/api/console/me/jobs/awaiting-input')), refetchInterval: REFRESH_MS });
}

function NeedsYou() {
  const awaiting = useAwaiting();
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState<string | null>(null);
  const jobs = awaiting.data?.jobs ?? [];
  return (
    <>
      <ErrorAlert error={awaiting.error} mt="md" />
      {jobs.length > 0 && (
        <Alert color="red.9" variant="outline" title="Needs you" mt="md" role="region">
          <Text size="sm">A platform asks something before publishing: answer on the live page before the time runs out, or the job fails input_timeout and nothing is published.</Text>
          <Stack gap="xs" mt="sm">
            {jobs.map((j) => (
              <Group key={j.job_id} gap="sm" wrap="wrap" data-job-id={j.job_id}>
                <Text size="sm" fw={700}>
                  {j.platform}
                </Text>
                {j.challenge && <NeedsYouBadge challenge={j.challenge} />}
                <Text size="sm" ff="monospace">
                  <RouterAnchor to="/history/$batchId" params={{ batchId: j.batch_id }}>
                    {j.batch_id}
                  </RouterAnchor>
                </Text>
                <Button size="xs" aria-label={`Answer job ${j.job_id}`} onClick={() => setAnswering(j.job_id)}>
                  Answer
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {answering && (
        <ChallengeAnswer jobId={answering} surface="me" onEnded={() => void queryClient.invalidateQueries({ queryKey: ['me'] })} onClose={() => setAnswering(null)} />
      )}
    </>
  );
}

function BatchList() {
  const awaiting = useAwaiting();
  const needsYou = new Map((awaiting.data?.jobs ?? []).flatMap((j) => (j.challenge ? [[j.batch_id, j.challenge] as const] : [])));
  const search = useSearch({ from: '/app/history' });
  const navigate = useNavigate({ from: '/history' });
  const page = search.page ?? 1;
  const batches = useQuery({
    queryKey: ['me', 'batches', search],
    queryFn: () =>
      unwrap(
        consoleApi.GET('/api/console/me/batches', {
          params: {
            query: {
              limit: PAGE_SIZE,
              offset: (page - 1) * PAGE_SIZE,
              ...(search.status ? { status: search.status } : {}),
              ...(search.requestId ? { requestId: search.requestId } : {}),
              ...apiRange(search),
            },
          },
        }),
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPrevious,
  });
  return (
    <QueryTable
      mt="lg"
      list={batches.data && { items: batches.data.batches, total: batches.data.total }}
      error={batches.error}
      label="Publish batches"
      miw={860}
      rowKey={(b) => b.batchId}
      columns={[
        {
          header: 'Batch',
          td: { ff: 'monospace' },
          cell: (b) => (
            <RouterAnchor to="/history/$batchId" params={{ batchId: b.batchId }}>
              {b.batchId}
            </RouterAnchor>
          ),
        },
        {
          header: 'State',
          cell: (b) => (
            <>
              <StateBadge state={b.status} />
              {needsYou.has(b.batchId) && <NeedsYouBadge challenge={needsYou.get(b.batchId)!} />}
            </>
          ),
        },
        { header: 'Type', cell: (b) => b.contentType },
        { header: 'Executor', cell: (b) => b.executor },
        {
          header: 'Jobs',
          cell: (b) => (
            <>
              {b.jobs} ({b.succeeded} succeeded, {b.failed} failed)
            </>
          ),
        },
        { header: 'Request id', td: { ff: 'monospace' }, cell: (b) => b.requestId },
        { header: 'Created', cell: (b) => when(b.createdAt) },
      ]}
      empty="No batch matches."
      paging={{ page, pageSize: PAGE_SIZE, onChange: (p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } }), label: 'Batch pages' }}
    />
  );
}
