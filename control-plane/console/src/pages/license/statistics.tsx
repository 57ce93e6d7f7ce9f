/** Statistics, global or for one project: codes by state, devices, sessions, consumptions, security events by kind. */
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';

const LABELS: Record<string, string> = {
  total: 'total',
  seen24h: 'seen in the last 24 h',
  last24h: 'last 24 h',
  last30d: 'last 30 days',
  signature_failure: 'signature failures',
  nonce_replay: 'replayed nonces',
  version_ban: 'banned versions',
  device_revocation: 'device revocations',
  fingerprint_drift: 'fingerprint drift',
};

const GROUPS = [
  { key: 'projects', title: 'Projects' },
  { key: 'codes', title: 'Activation codes' },
  { key: 'devices', title: 'Devices' },
  { key: 'sessions', title: 'Sessions' },
  { key: 'consumptions', title: 'Consumptions' },
  { key: 'securityEvents', title: 'Security events' },
] as const;

export function StatisticsPage() {
  const [projectKey, setProjectKey] = useState<string | null>(null);
  const stats = useQuery({
    queryKey: ['admin', 'stats', projectKey],
    queryFn: () => unwrap(adminApi.GET('/api/admin/stats', { params: { query: { projectKey: projectKey ?? undefined } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Statistics</Title>
      <Text mt="xs">Counts as of now, for every project or for one.</Text>
      <Stack mt="md">
        <ProjectSelect value={projectKey} onChange={setProjectKey} w={280} />
        <ErrorAlert error={stats.error} />
        {stats.data && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {GROUPS.map((g) => (
              <Paper withBorder p="md" key={g.key} component="section" aria-label={g.title}>
                <Title order={3} size="h4">
                  {g.title}
                </Title>
                <Table mt="xs" aria-label={`${g.title} counts`}>
                  <Table.Tbody>
                    {Object.entries(stats.data[g.key] as Record<string, number>).map(([k, n]) => (
                      <Table.Tr key={k}>
                        <Table.Th scope="row" fw={k === 'total' ? 700 : 400}>
                          {LABELS[k] ?? k}
                        </Table.Th>
                        <Table.Td ta="right">{n.toLocaleString()}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </RoleGate>
  );
}
