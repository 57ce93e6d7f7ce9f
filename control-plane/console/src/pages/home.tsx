/**
 * The home page: is everything all right? For admins and viewers every
 * integrator's figures (GET /api/admin/overview), for an integrator their own
 * (GET /api/console/me/overview): tiles for what needs a look now (jobs
 * waiting for a person, nodes and slots, accounts needing a login or cooling,
 * the webhook backlog, quota), each linking to the page with the detail, and
 * charts of the last 24 hours (jobs per hour by outcome, by platform, failures
 * by error code). Charts are Recharts (SVG drawn by React, allowed by the
 * page's CSP); each has a summary in words and its figures as a table.
 */
import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { adminApi, consoleApi, unwrap } from '../api/client.js';
import { isAdminSide } from '../auth.js';
import { ErrorAlert } from '../ui/error-alert.js';
import { when } from '../ui/format.js';
import { TableScroll } from '../ui/table-scroll.js';

const RouterAnchor = createLink(Anchor);

/** Figures move as jobs run; a minute is fresh enough for a glance and light on the database. */
const REFRESH_MS = 60_000;

const OUTCOMES = [
  { key: 'succeeded', label: 'Succeeded', color: 'var(--mantine-color-green-8)' },
  { key: 'failed', label: 'Failed', color: 'var(--mantine-color-red-8)' },
  { key: 'attention', label: 'Needs a person', color: 'var(--mantine-color-orange-8)' },
  { key: 'pending', label: 'In progress', color: 'var(--mantine-color-blue-8)' },
  { key: 'canceled', label: 'Canceled', color: 'var(--mantine-color-gray-6)' },
] as const;

const fetchAdmin = () => unwrap(adminApi.GET('/api/admin/overview'));
type Overview = Awaited<ReturnType<typeof fetchAdmin>>['overview'];
type Counts = Overview['jobs']['totals'];

const hourOf = (iso: string) => `${iso.slice(11, 16)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function age(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** One figure at a glance: its name, the number, what it means, and where the detail is. */
function Tile({ title, value, children, link, warn }: { title: string; value: string; children: ReactNode; link: ReactNode; warn?: boolean }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title} style={warn ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Text fw={700} size="xl" c={warn ? 'red.9' : undefined}>
        {value}
      </Text>
      <Text size="sm">{children}</Text>
      <Text size="sm" mt={4}>
        {link}
      </Text>
    </Paper>
  );
}

function outcomeWords(c: Counts): string {
  const parts = OUTCOMES.filter((o) => c[o.key] > 0).map((o) => `${c[o.key].toLocaleString()} ${o.label.toLowerCase()}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

function OutcomeTable({ label, first, rows }: { label: string; first: string; rows: Array<Counts & { name: string }> }) {
  return (
    <TableScroll label={label}>
      <Table miw={520} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th>All</Table.Th>
            {OUTCOMES.map((o) => (
              <Table.Th key={o.key}>{o.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.total}</Table.Td>
              {OUTCOMES.map((o) => (
                <Table.Td key={o.key}>{r[o.key]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** A chart with its summary in words (the figure's caption) and, after it, the same figures as a table. */
function Chart({ title, summary, children, table }: { title: string; summary: string; children: ReactNode; table: ReactNode }) {
  const id = `chart-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      <Box component="figure" m={0} mt="xs">
        <Text component="figcaption" size="sm" mb="xs">
          {summary}
        </Text>
        {/* Recharts' keyboard layer lets one step through the bars; the caption and the table say the same in words. */}
        {children}
      </Box>
      {table}
    </Paper>
  );
}

export function HomePage() {
  const { me } = useRouteContext({ from: '/app' });
  const admin = isAdminSide(me.user.role);
  const overview = useQuery({
    queryKey: [admin ? 'admin' : 'me', 'overview'],
    queryFn: async (): Promise<Overview> => (admin ? (await fetchAdmin()).overview : (await unwrap(consoleApi.GET('/api/console/me/overview'))).overview),
    refetchInterval: REFRESH_MS,
  });
  const o = overview.data;
  return (
    <>
      <Title order={2}>Home</Title>
      <Text mt="xs">{admin ? 'Every integrator' : 'Your publishing'}: what needs a look now, and the last 24 hours by UTC hour{o ? ` (as of ${when(o.window.to)})` : ''}.</Text>
      <ErrorAlert error={overview.error} mt="md" />
      {o && (
        <Stack mt="md">
          <Tiles o={o} admin={admin} />
          <Charts o={o} admin={admin} />
        </Stack>
      )}
    </>
  );
}

function Tiles({ o, admin }: { o: Overview; admin: boolean }) {
  const { jobs, nodes, accounts, webhooks, quota } = o;
  const granted = quota.buckets.reduce((n, b) => n + b.granted, 0);
  const used = quota.buckets.reduce((n, b) => n + b.used, 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      <Tile
        title="Jobs, last 24 hours"
        value={jobs.totals.total.toLocaleString()}
        warn={jobs.totals.failed > 0}
        link={admin ? <RouterAnchor to="/jobs">Publish jobs</RouterAnchor> : <RouterAnchor to="/history">Publish history</RouterAnchor>}
      >
        {outcomeWords(jobs.totals)}
      </Tile>
      <Tile
        title="Waiting for a person"
        value={jobs.needsAttention.toLocaleString()}
        warn={jobs.needsAttention > 0}
        link={admin ? <RouterAnchor to="/attention">Jobs needing attention</RouterAnchor> : <RouterAnchor to="/history">Publish history</RouterAnchor>}
      >
        {plural(jobs.queued, 'job')} queued, {plural(jobs.inFlight, 'job')} on a node now
      </Tile>
      <Tile
        title="Nodes online"
        value={`${nodes.online} of ${nodes.total}`}
        warn={nodes.total > 0 && nodes.online === 0}
        link={admin ? <RouterAnchor to="/nodes">Nodes</RouterAnchor> : <RouterAnchor to="/accounts">Platform accounts by node</RouterAnchor>}
      >
        {nodes.busySlots} of {plural(nodes.slots, 'slot')} busy{admin ? '' : ' with your jobs'}
        {nodes.draining > 0 ? `, ${nodes.draining} draining` : ''}
      </Tile>
      <Tile
        title="Accounts needing a person"
        value={(accounts.needsLogin + accounts.cooling + accounts.restricted).toLocaleString()}
        warn={accounts.needsLogin + accounts.restricted > 0}
        link={admin ? <RouterAnchor to="/integrators">Integrators and their accounts</RouterAnchor> : <RouterAnchor to="/accounts">Platform accounts</RouterAnchor>}
      >
        {accounts.needsLogin} need a login, {accounts.cooling} cooling down, {accounts.restricted} restricted, of {plural(accounts.total, 'account')}
      </Tile>
      <Tile
        title="Webhook backlog"
        value={webhooks.pending.toLocaleString()}
        warn={webhooks.failed24h > 0 || webhooks.oldestPendingSeconds > 3600}
        link={
          admin ? (
            <RouterAnchor to="/webhook-deliveries" search={{ status: 'pending' }}>
              Pending webhook deliveries
            </RouterAnchor>
          ) : (
            <RouterAnchor to="/webhook">Webhook deliveries</RouterAnchor>
          )
        }
      >
        {webhooks.pending > 0 ? `oldest waiting ${age(webhooks.oldestPendingSeconds)}` : 'nothing waiting'}, {webhooks.failed24h} given up in 24 hours
      </Tile>
      <Tile
        title="Quota used"
        value={`${used.toLocaleString()} of ${granted.toLocaleString()}`}
        warn={quota.integratorsNearlyOut > 0}
        link={admin ? <RouterAnchor to="/integrators">Integrators' quotas</RouterAnchor> : <RouterAnchor to="/usage">Quota and usage</RouterAnchor>}
      >
        {quota.buckets.map((b) => `${b.bucket} ${b.used} of ${b.granted}`).join(', ') || 'no quota granted'}
        {admin ? `; ${plural(quota.integratorsNearlyOut, 'integrator')} at 90 % or more of a bucket` : quota.integratorsNearlyOut > 0 ? '; a bucket is at 90 % or more' : ''}
      </Tile>
    </SimpleGrid>
  );
}

function Charts({ o, admin }: { o: Overview; admin: boolean }) {
  const { jobs } = o;
  const hours = jobs.hours.map((h) => ({ ...h, name: hourOf(h.start) }));
  const busiest = hours.reduce((best, h) => (h.total > best.total ? h : best), hours[0]!);
  const failedCodes = jobs.errorCodes.reduce((n, c) => n + c.count, 0);
  const failedLink = admin ? (
    <RouterAnchor to="/jobs" search={{ state: 'failed' }}>
      Failed publish jobs
    </RouterAnchor>
  ) : (
    <RouterAnchor to="/history" search={{ status: 'failed' }}>
      Failed batches
    </RouterAnchor>
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Chart
        title="Jobs per hour by outcome"
        summary={
          jobs.totals.total === 0
            ? 'No job was asked for in the last 24 hours.'
            : `${plural(jobs.totals.total, 'job')} asked for in the last 24 hours: ${outcomeWords(jobs.totals)}. The busiest hour began at ${busiest.name} UTC with ${plural(busiest.total, 'job')}.`
        }
        table={
          <details>
            <summary>The 24 hours as a table</summary>
            <OutcomeTable label="Jobs per hour" first="Hour (UTC)" rows={hours} />
          </details>
        }
      >
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval={2} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {OUTCOMES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} stackId="jobs" fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Jobs by platform"
        summary={
          jobs.platforms.length === 0
            ? 'No platform had a job in the last 24 hours.'
            : `${plural(jobs.platforms.length, 'platform')} had jobs; most on ${jobs.platforms[0]!.platform} (${plural(jobs.platforms[0]!.total, 'job')}).`
        }
        table={<OutcomeTable label="Jobs by platform" first="Platform" rows={jobs.platforms.map((p) => ({ ...p, name: p.platform }))} />}
      >
        <ResponsiveContainer width="100%" height={Math.max(120, 36 * jobs.platforms.length + 60)}>
          <BarChart data={jobs.platforms} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="platform" width={90} />
            <Tooltip />
            <Legend />
            {OUTCOMES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} stackId="jobs" fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Failures by error code"
        summary={
          failedCodes === 0
            ? 'No job failed in the last 24 hours.'
            : `${plural(failedCodes, 'job')} failed; the most common error code is ${jobs.errorCodes[0]!.code} (${jobs.errorCodes[0]!.count}).`
        }
        table={
          <>
            <TableScroll label="Failures by error code">
              <Table aria-label="Failures by error code">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Error code</Table.Th>
                    <Table.Th>Failed jobs</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {jobs.errorCodes.map((c) => (
                    <Table.Tr key={c.code}>
                      <Table.Td>{c.code}</Table.Td>
                      <Table.Td>{c.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Group mt="xs">
              <Text size="sm">{failedLink}</Text>
            </Group>
          </>
        }
      >
        {failedCodes > 0 && (
          <ResponsiveContainer width="100%" height={Math.max(120, 32 * jobs.errorCodes.length + 40)}>
            <BarChart data={jobs.errorCodes} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="code" width={140} />
              <Tooltip />
              <Bar dataKey="count" name="Failed jobs" fill="var(--mantine-color-red-8)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </Chart>
      <Chart
        title="Quota use by bucket"
        summary={
          o.quota.buckets.length === 0
            ? 'No quota is granted.'
            : o.quota.buckets.map((b) => `${b.bucket}: ${b.used.toLocaleString()} of ${b.granted.toLocaleString()} used`).join('; ') + '.'
        }
        table={
          <TableScroll label="Quota by bucket">
            <Table aria-label="Quota by bucket">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bucket</Table.Th>
                  <Table.Th>Granted</Table.Th>
                  <Table.Th>Used</Table.Th>
                  <Table.Th>Left</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.quota.buckets.map((b) => (
                  <Table.Tr key={b.bucket}>
                    <Table.Td>{b.bucket}</Table.Td>
                    <Table.Td>{b.granted}</Table.Td>
                    <Table.Td>{b.used}</Table.Td>
                    <Table.Td>{b.granted - b.used}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        }
      >
        <ResponsiveContainer width="100%" height={Math.max(120, 36 * o.quota.buckets.length + 60)}>
          <BarChart data={o.quota.buckets.map((b) => ({ bucket: b.bucket, used: b.used, left: b.granted - b.used }))} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="bucket" width={70} />
            <Tooltip />
            <Legend />
            <Bar dataKey="used" name="Used" stackId="q" fill="var(--mantine-color-blue-8)" isAnimationActive={false} />
            <Bar dataKey="left" name="Left" stackId="q" fill="var(--mantine-color-gray-4)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Chart>
    </SimpleGrid>
  );
}
