/** License sessions, active, expired and revoked, with their device and token expiry; filtered by project, device and status. */
import { Badge, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { sessionsSearch } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useIdFilter, useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;

export function SessionsPage() {
  const filters = useUrlFilters(sessionsSearch);
  const { search, page, setPage, choose } = filters;
  const [device, setDevice, badDevice] = useIdFilter(filters, 'deviceId');
  const filter = { projectKey: search.projectKey, status: search.status, deviceId: search.deviceId };
  const sessions = useQuery({
    queryKey: ['admin', 'sessions', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/sessions', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Sessions</Title>
      <Text mt="xs">A session is one enrolled run of a client: its token renews until it expires or the device is revoked.</Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
          <Select label="Status" placeholder="Any" clearable data={['active', 'expired', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={140} />
          <TextInput label="Device id" inputMode="numeric" value={device} onChange={(e) => setDevice(e.currentTarget.value)} error={badDevice ? 'A device id is a whole number' : undefined} w={140} />
        </Group>
        <ErrorAlert error={sessions.error} />
        {sessions.data && (
          <TableScroll label="Sessions">
            <Table miw={960} aria-label="Sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Session</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Token expires</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Renewed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.items.map((s) => (
                  <Table.Tr key={s.sessionId}>
                    <Table.Td ff="monospace">{s.sessionId}</Table.Td>
                    <Table.Td>{s.projectKey}</Table.Td>
                    <Table.Td>
                      #{s.deviceId} {s.machineId}
                    </Table.Td>
                    <Table.Td>{s.appVersion}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={s.status === 'active' ? 'dark' : 'red.9'}>
                        {s.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{when(s.tokenExpiresAt)}</Table.Td>
                    <Table.Td>{when(s.createdAt)}</Table.Td>
                    <Table.Td>{when(s.renewedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {sessions.data && sessions.data.items.length === 0 && <Text>No session matches.</Text>}
        {sessions.data && <Pager page={page} pageSize={PAGE_SIZE} total={sessions.data.total} onChange={setPage} label="Session pages" />}
      </Stack>
    </RoleGate>
  );
}
