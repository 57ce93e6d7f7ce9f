/** Devices: filtered by project, status, client version and keyword, paged by the server; an admin revokes one (and its sessions). */
import { Badge, Group, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { devicesSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { PageSizeSelect, Pager } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll, WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const DEVICES = ['admin', 'devices'] as const;

export function DevicesPage() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const filters = useUrlFilters(devicesSearch);
  const { search, page, setPage, choose } = filters;
  const { pageSize = 20 } = search;
  const [appVersion, setAppVersion] = useTextFilter(filters, 'appVersion');
  const [keyword, setKeyword] = useTextFilter(filters, 'keyword');
  const filter = { projectKey: search.projectKey, status: search.status, appVersion: search.appVersion, keyword: search.keyword };
  const devices = useQuery({
    queryKey: [...DEVICES, filter, page, pageSize],
    queryFn: () => unwrap(adminApi.GET('/api/admin/devices', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: (previous) => previous,
  });
  const revoke = useMutation({
    mutationFn: (deviceId: number) => unwrap(adminApi.POST('/api/admin/devices/{deviceId}/revoke', { params: { path: { deviceId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Devices</Title>
      <Text mt="xs">Each device enrolled with one activation code. Revoking a device ends its sessions at once and refuses its next call.</Text>
      {!canWrite && <Text mt="xs">You have read-only access: revoking needs the admin role.</Text>}
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
          <Select label="Status" placeholder="Any" clearable data={['active', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={140} />
          <TextInput label="Client version" maxLength={64} value={appVersion} onChange={(e) => setAppVersion(e.currentTarget.value)} w={140} />
          <TextInput label="Machine, fingerprint, code or id" maxLength={200} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={260} />
          <PageSizeSelect value={pageSize} onChange={choose('pageSize')} />
        </Group>
        <ErrorAlert error={devices.error ?? revoke.error} />
        {devices.data && (
          <TableScroll label="Devices">
            <Table miw={900} aria-label="Devices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Machine id</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sessions</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.data.items.map((d) => (
                  <Table.Tr key={d.deviceId}>
                    <Table.Td>{d.deviceId}</Table.Td>
                    <Table.Td style={WRAP_ANYWHERE}>{d.projectKey}</Table.Td>
                    <Table.Td style={WRAP_ANYWHERE}>{d.machineId}</Table.Td>
                    <Table.Td style={WRAP_ANYWHERE}>{d.appVersion}</Table.Td>
                    <Table.Td ff="monospace" style={WRAP_ANYWHERE}>
                      {d.code}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={d.status === 'active' ? 'dark' : 'red.9'}>
                        {d.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{d.activeSessions}</Table.Td>
                    <Table.Td>{when(d.lastSeenAt)}</Table.Td>
                    {canWrite && (
                      <Table.Td>
                        {d.status === 'active' && (
                          <ConfirmButton
                            size="xs"
                            question={`Revoke device #${d.deviceId}?`}
                            details="Its sessions end now and its next license call is refused. The activation code stays bound to it."
                            confirmLabel="Revoke device"
                            onConfirm={() => revoke.mutate(d.deviceId)}
                            aria-label={`Revoke device ${d.deviceId}`}
                          >
                            Revoke
                          </ConfirmButton>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {devices.data && devices.data.items.length === 0 && <Text>No device matches.</Text>}
        {devices.data && <Pager page={page} pageSize={pageSize} total={devices.data.total} onChange={setPage} label="Device pages" />}
      </Stack>
    </RoleGate>
  );
}
