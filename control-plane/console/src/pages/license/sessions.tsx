/** License sessions, active, expired and revoked, with their device and token expiry; filtered by project, device and status. */
import { Badge, Select, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { sessionsSearch } from '../../list-search.js';
import { when } from '../../ui/format.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
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
    placeholderData: keepPrevious,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Sessions</Title>
      <Text mt="xs">A session is one enrolled run of a client: its token renews until it expires or the device is revoked.</Text>
      <QueryTable
        filters={
          <>
            <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
            <Select label="Status" placeholder="Any" clearable data={['active', 'expired', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={140} />
            <TextInput label="Device id" inputMode="numeric" value={device} onChange={(e) => setDevice(e.currentTarget.value)} error={badDevice ? 'A device id is a whole number' : undefined} w={140} />
          </>
        }
        list={sessions.data}
        error={sessions.error}
        label="Sessions"
        miw={960}
        rowKey={(s) => s.sessionId}
        columns={[
          { header: 'Session', td: { ff: 'monospace' }, cell: (s) => s.sessionId },
          { header: 'Project', cell: (s) => s.projectKey },
          {
            header: 'Device',
            cell: (s) => (
              <>
                #{s.deviceId} {s.machineId}
              </>
            ),
          },
          { header: 'Version', cell: (s) => s.appVersion },
          {
            header: 'Status',
            cell: (s) => (
              <Badge variant="outline" color={s.status === 'active' ? 'dark' : 'red.9'}>
                {s.status}
              </Badge>
            ),
          },
          { header: 'Token expires', cell: (s) => when(s.tokenExpiresAt) },
          { header: 'Started', cell: (s) => when(s.createdAt) },
          { header: 'Renewed', cell: (s) => when(s.renewedAt) },
        ]}
        empty="No session matches."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Session pages' }}
      />
    </RoleGate>
  );
}
