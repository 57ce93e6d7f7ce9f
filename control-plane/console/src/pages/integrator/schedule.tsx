/**
 * Schedule: the jobs waiting for their publish time (state scheduled, with
 * publishAt) as a week calendar, days as columns in the reader's time zone,
 * each job at its time with its title, platform, account and batch. An
 * integrator sees their own (GET /api/console/me/schedule), and cancels one
 * (confirmed) or moves it to another time before it starts; an admin or viewer sees every integrator's
 * (GET /api/admin/schedule), or one's. Filters by platform and account; the
 * week and the filters stay in the URL.
 */
import { Anchor, Box, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createLink, useRouteContext } from '@tanstack/react-router';
import { adminApi, consoleApi, unwrap } from '../../api/client.js';
import { isAdminSide } from '../../auth.js';
import { scheduleSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { FormActions } from '../../ui/form-actions.js';
import { IntegratorSelect } from '../../ui/integrator-select.js';
import { useRowAction } from '../../ui/query-table.js';
import { useUrlFilters } from '../../ui/url-filters.js';

const RouterAnchor = createLink(Anchor);

/** Jobs become due and leave the schedule: the page keeps up while it is open. */
const REFRESH_MS = 30_000;
const DAYS = 7;

interface CalendarJob {
  jobId: string;
  batchId: string;
  userId: number;
  userName: string;
  accountId: number;
  accountName: string;
  platform: string;
  contentType: string;
  publishAt: string;
  title: string | null;
}

/** `YYYY-MM-DD` of a local date. */
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The Monday (local midnight) of the week holding `d`. */
function mondayOf(d: Date): Date {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  m.setDate(m.getDate() - ((m.getDay() + 6) % 7));
  return m;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/** The week's Monday from the URL (any day of it), else this week's. */
function weekStart(week: string | undefined): Date {
  if (!week) return mondayOf(new Date());
  const [y, m, d] = week.split('-').map(Number) as [number, number, number];
  return mondayOf(new Date(y, m - 1, d));
}

const dayTitle = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function SchedulePage() {
  const { me } = useRouteContext({ from: '/app' });
  const admin = isAdminSide(me.user.role);
  const { search, refilter, choose } = useUrlFilters(scheduleSearch);
  const monday = weekStart(search.week);
  const from = monday.toISOString();
  const to = addDays(monday, DAYS).toISOString();
  const filters = { ...(search.platform ? { platform: search.platform } : {}), ...(search.accountId ? { accountId: search.accountId } : {}) };
  const userId = admin ? search.userId : undefined;

  const schedule = useQuery({
    queryKey: ['schedule', admin, from, to, userId ?? null, search.platform ?? null, search.accountId ?? null],
    queryFn: async (): Promise<{ jobs: CalendarJob[]; truncated: boolean }> =>
      admin
        ? unwrap(adminApi.GET('/api/admin/schedule', { params: { query: { from, to, ...filters, ...(userId ? { userId } : {}) } } }))
        : unwrap(consoleApi.GET('/api/console/me/schedule', { params: { query: { from, to, ...filters } } })),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  // The accounts to filter by: the integrator's own, or (admins) those of the integrator picked.
  const accounts = useQuery({
    queryKey: ['schedule-accounts', admin, userId ?? null],
    enabled: !admin || userId !== undefined,
    queryFn: async (): Promise<Array<{ id: number; name: string; platform: string }>> =>
      admin
        ? (await unwrap(adminApi.GET('/api/admin/users/{userId}/accounts', { params: { path: { userId: userId! } } }))).items
            .filter((a) => a.category === 'content' && !a.removedAt)
            .map((a) => ({ id: a.id, name: a.displayName, platform: a.platform }))
        : (await unwrap(consoleApi.GET('/api/console/me/accounts'))).accounts.filter((a) => a.category === 'content').map((a) => ({ id: a.id, name: a.displayName, platform: a.platform })),
  });
  const cancel = useRowAction(
    (j: CalendarJob) => unwrap(consoleApi.POST('/api/console/me/batches/{batchId}/jobs/{jobId}/cancel', { params: { path: { batchId: j.batchId, jobId: j.jobId } } })),
    ['schedule'],
  );
  // Moving a job: the dialog holds the job and the new time as typed (the reader's local time).
  const [moving, setMoving] = useState<{ job: CalendarJob; at: string } | null>(null);
  const move = useRowAction(
    ({ job, at }: { job: CalendarJob; at: string }) =>
      unwrap(
        consoleApi.POST('/api/console/me/batches/{batchId}/jobs/{jobId}/reschedule', {
          params: { path: { batchId: job.batchId, jobId: job.jobId } },
          body: { publishAt: new Date(at).toISOString() },
        }),
      ),
    ['schedule'],
  );

  const jobs = schedule.data?.jobs ?? [];
  const platforms = [...new Set([...(accounts.data ?? []).map((a) => a.platform), ...jobs.map((j) => j.platform), ...(search.platform ? [search.platform] : [])])].sort();
  const accountOptions = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.platform}, #${a.id})` }));
  if (search.accountId && !accountOptions.some((o) => o.value === String(search.accountId))) accountOptions.push({ value: String(search.accountId), label: `#${search.accountId}` });
  const days = Array.from({ length: DAYS }, (_, n) => addDays(monday, n));
  const byDay = new Map<string, CalendarJob[]>();
  for (const j of jobs) {
    const key = localDay(new Date(j.publishAt));
    byDay.set(key, [...(byDay.get(key) ?? []), j]);
  }
  const today = localDay(new Date());
  const goWeek = (d: Date) => refilter({ week: localDay(d) === localDay(mondayOf(new Date())) ? undefined : localDay(d) });

  return (
    <Stack>
      <Title order={2}>Schedule</Title>
      <Text>
        {admin ? 'Every integrator\u2019s' : 'Your'} jobs waiting for their publish time (accepted with <code>publishAt</code>), by day, in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
        A job leaves the calendar when it becomes due and goes to its executor.{admin ? '' : ' Cancel one before it starts and its quota unit comes back.'}
      </Text>
      <Group align="end" wrap="wrap" gap="sm" component="form" aria-label="Schedule filters" onSubmit={(e) => e.preventDefault()}>
        {admin && (
          <Box miw={240}>
            <IntegratorSelect label="Integrator" value={userId ?? null} onChange={(id) => refilter({ userId: id ?? undefined, accountId: undefined })} />
          </Box>
        )}
        <Select label="Platform" placeholder="All platforms" clearable data={platforms} value={search.platform ?? null} onChange={choose('platform')} miw={180} />
        <Select
          label="Account"
          placeholder={admin && userId === undefined ? 'Pick an integrator first' : 'All accounts'}
          disabled={admin && userId === undefined}
          clearable
          searchable
          data={accountOptions}
          value={search.accountId ? String(search.accountId) : null}
          onChange={(v) => refilter({ accountId: v ? Number(v) : undefined })}
          miw={240}
        />
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4" aria-live="polite">
          Week of {monday.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => goWeek(addDays(monday, -DAYS))}>
            Previous week
          </Button>
          <Button variant="default" size="xs" onClick={() => goWeek(mondayOf(new Date()))}>
            This week
          </Button>
          <Button variant="default" size="xs" onClick={() => goWeek(addDays(monday, DAYS))}>
            Next week
          </Button>
        </Group>
      </Group>
      <ErrorAlert error={schedule.error ?? accounts.error ?? cancel.error} />
      <Modal opened={moving !== null} onClose={() => setMoving(null)} title={moving ? `Move “${moving.job.title ?? moving.job.jobId}”` : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
        {moving && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              move.mutate(moving, { onSuccess: () => setMoving(null) });
            }}
          >
            <Stack>
              <Text size="sm">
                On {moving.job.accountName} ({moving.job.platform}). The new time is in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}); the job keeps its lateness window, and only a job that has not started moves.
              </Text>
              <TextInput type="datetime-local" label="New publish time" required value={moving.at} onChange={(e) => setMoving({ ...moving, at: e.currentTarget.value })} />
              <FormActions error={move.error} pending={move.isPending} onCancel={() => setMoving(null)}>
                Move the job
              </FormActions>
            </Stack>
          </form>
        )}
      </Modal>
      {schedule.data?.truncated && <Text c="red.9">More jobs fall in this week than are shown: filter by integrator, platform or account.</Text>}
      {schedule.data && !schedule.isPlaceholderData && jobs.length === 0 && <Text>Nothing scheduled this week.</Text>}
      <Box
        style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))' }}
      >
        {days.map((d) => {
          const key = localDay(d);
          const list = byDay.get(key) ?? [];
          return (
            <Paper withBorder p="xs" key={key} component="section" aria-label={`${dayTitle(d)}: ${list.length} scheduled`} bg={key === today ? 'gray.0' : undefined}>
              <Text fw={700} size="sm">
                {dayTitle(d)}
                {key === today ? ' (today)' : ''}
              </Text>
              <Stack gap="xs" mt="xs">
                {list.map((j) => (
                  <Paper withBorder p={6} key={j.jobId} component="article" aria-label={`${timeOf(j.publishAt)} ${j.title ?? j.jobId}`}>
                    <Text size="sm" fw={700}>
                      <time dateTime={j.publishAt}>{timeOf(j.publishAt)}</time>
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {j.title ?? '(no title)'}
                    </Text>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {j.platform} · {j.accountName} (#{j.accountId}) · {j.contentType}
                    </Text>
                    {admin && (
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {j.userName} (#{j.userId})
                      </Text>
                    )}
                    <Group gap={6} mt={4} wrap="wrap">
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {admin ? (
                          <RouterAnchor to="/jobs/$jobId" params={{ jobId: j.jobId }} aria-label={`Job ${j.jobId}`}>
                            {j.jobId}
                          </RouterAnchor>
                        ) : (
                          <RouterAnchor to="/history/$batchId" params={{ batchId: j.batchId }} aria-label={`Batch ${j.batchId}`}>
                            {j.batchId}
                          </RouterAnchor>
                        )}
                      </Text>
                      {!admin && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => {
                            move.reset();
                            setMoving({ job: j, at: localInput(new Date(j.publishAt)) });
                          }}
                          aria-label={`Move the job ${j.jobId}`}
                        >
                          Move
                        </Button>
                      )}
                      {!admin && (
                        <ConfirmButton
                          size="compact-xs"
                          question={`Cancel the job “${j.title ?? j.jobId}” on ${j.accountName}?`}
                          details="It will not be published; its quota unit is given back. The other jobs of its batch stay scheduled."
                          confirmLabel="Cancel the job"
                          loading={cancel.isPending && cancel.variables?.jobId === j.jobId}
                          onConfirm={() => cancel.mutate(j)}
                          aria-label={`Cancel the job ${j.jobId}`}
                        >
                          Cancel
                        </ConfirmButton>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}

/** A date as a datetime-local field takes it: the reader's local time to the minute. */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
