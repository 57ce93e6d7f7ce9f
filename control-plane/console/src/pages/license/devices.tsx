/** Devices: filtered by project, status, client version and keyword, paged by the server; an admin revokes one (and its sessions). */
import { Badge, Select, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { devicesSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { when } from '../../ui/format.js';
import { PageSizeSelect } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const DEVICES = ['admin', 'devices'] as const;

export function DevicesPage() {
  const canWrite = useCanWrite();
  const filters = useUrlFilters(devicesSearch);
  const { search, page, setPage, choose } = filters;
  const { pageSize = 20 } = search;
  const [appVersion, setAppVersion] = useTextFilter(filters, 'appVersion');
  const [keyword, setKeyword] = useTextFilter(filters, 'keyword');
  const filter = { projectKey: search.projectKey, status: search.status, appVersion: search.appVersion, keyword: search.keyword };
  const devices = useQuery({
    queryKey: [...DEVICES, filter, page, pageSize],
    queryFn: () => unwrap(adminApi.GET('/api/admin/devices', { params: { query: { ...filter, page, pageSize } } })),
    placeholderData: keepPrevious,
  });
  const revoke = useRowAction((deviceId: number) => unwrap(adminApi.POST('/api/admin/devices/{deviceId}/revoke', { params: { path: { deviceId } } })), ['admin']);
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Devices</Title>
      <Text mt="xs">Each device enrolled with one activation code. Revoking a device ends its sessions at once and refuses its next call.</Text>
      {!canWrite && <Text mt="xs">You have read-only access: revoking needs the admin role.</Text>}
      <QueryTable
        filters={
          <>
            <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
            <Select label="Status" placeholder="Any" clearable data={['active', 'revoked']} value={search.status ?? null} onChange={choose('status')} w={140} />
            <TextInput label="Client version" maxLength={64} value={appVersion} onChange={(e) => setAppVersion(e.currentTarget.value)} w={140} />
            <TextInput label="Machine, fingerprint, code or id" maxLength={200} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={260} />
            <PageSizeSelect value={pageSize} onChange={choose('pageSize')} />
          </>
        }
        list={devices.data}
        error={devices.error ?? revoke.error}
        label="Devices"
        miw={900}
        rowKey={(d) => d.deviceId}
        columns={[
          { header: 'Id', cell: (d) => d.deviceId },
          { header: 'Project', td: { style: WRAP_ANYWHERE }, cell: (d) => d.projectKey },
          { header: 'Machine id', td: { style: WRAP_ANYWHERE }, cell: (d) => d.machineId },
          { header: 'Version', td: { style: WRAP_ANYWHERE }, cell: (d) => d.appVersion },
          { header: 'Code', td: { ff: 'monospace', style: WRAP_ANYWHERE }, cell: (d) => d.code },
          {
            header: 'Status',
            cell: (d) => (
              <Badge variant="outline" color={d.status === 'active' ? 'dark' : 'red.9'}>
                {d.status}
              </Badge>
            ),
          },
          { header: 'Sessions', cell: (d) => d.activeSessions },
          { header: 'Last seen', cell: (d) => when(d.lastSeenAt) },
          canWrite && {
            header: ACTIONS,
            cell: (d) =>
              d.status === 'active' && (
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
              ),
          },
        ]}
        empty="No device matches."
        paging={{ page, pageSize, onChange: setPage, label: 'Device pages' }}
      />
    </RoleGate>
  );
}
