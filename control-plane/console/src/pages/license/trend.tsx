/**
 * The consumption trend: the last 1–90 days by day, ISO week or month (UTC),
 * as a stacked bar chart (Recharts: SVG drawn by React, no inline <style> or
 * script, so it runs under the page's CSP) and the same figures as a table.
 */
import { Box, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { adminApi, unwrap } from '../../api/client.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';

type Granularity = 'day' | 'week' | 'month';
const SERIES = [
  { key: 'deducted', label: 'Deducted', color: 'var(--mantine-color-blue-8)' },
  { key: 'timeChecked', label: 'TIME checks', color: 'var(--mantine-color-teal-8)' },
  { key: 'idempotent', label: 'Repeated requests', color: 'var(--mantine-color-gray-6)' },
  { key: 'refused', label: 'Refused', color: 'var(--mantine-color-red-8)' },
] as const;

export function TrendPage() {
  const [days, setDays] = useState<number | string>(30);
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [projectKey, setProjectKey] = useState<string | null>(null);
  const wanted = Number(days);
  const query = { days: Number.isInteger(wanted) ? wanted : 0, granularity, projectKey: projectKey ?? undefined };
  const trend = useQuery({
    queryKey: ['admin', 'trend', query],
    queryFn: () => unwrap(adminApi.GET('/api/admin/stats/trend', { params: { query } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Consumption trend</Title>
      <Text mt="xs">Consume calls per {granularity === 'week' ? 'ISO week' : granularity}, UTC, empty periods included.</Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <NumberInput label="Days back (1 to 90)" min={1} max={90} allowDecimal={false} value={days} onChange={setDays} w={180} />
          <div>
            <Text size="sm" fw={500} id="trend-granularity-label">
              Per
            </Text>
            <SegmentedControl
              aria-labelledby="trend-granularity-label"
              value={granularity}
              onChange={(v) => setGranularity(v as Granularity)}
              data={[
                { value: 'day', label: 'Day' },
                { value: 'week', label: 'Week' },
                { value: 'month', label: 'Month' },
              ]}
            />
          </div>
          <ProjectSelect value={projectKey} onChange={setProjectKey} w={240} />
        </Group>
        <ErrorAlert error={trend.error} />
        {trend.data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {[{ key: 'total', label: 'All calls' } as const, ...SERIES].map((s) => (
                <Paper withBorder p="sm" key={s.key}>
                  <Text size="xs">{s.label}</Text>
                  <Text fw={700} size="lg" aria-label={`${s.label}: ${trend.data.totals[s.key]}`}>
                    {trend.data.totals[s.key].toLocaleString()}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Box component="figure" m={0} aria-label="Consumption trend chart">
              <ResponsiveContainer width="100%" height={320}>
                <BarChart data={trend.data.buckets} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="start" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {SERIES.map((s) => (
                    <Bar key={s.key} dataKey={s.key} name={s.label} stackId="calls" fill={s.color} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </Box>
            <TableScroll label="Consumption trend figures">
              <Table miw={560} aria-label="Consumption trend figures">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>From</Table.Th>
                    <Table.Th>All calls</Table.Th>
                    {SERIES.map((s) => (
                      <Table.Th key={s.key}>{s.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trend.data.buckets.map((b) => (
                    <Table.Tr key={b.start}>
                      <Table.Td>{b.start}</Table.Td>
                      <Table.Td>{b.total}</Table.Td>
                      {SERIES.map((s) => (
                        <Table.Td key={s.key}>{b[s.key]}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </Stack>
    </RoleGate>
  );
}
