/** A project's banned client versions: enroll, status and consume with one are refused. An admin bans and lifts bans. */
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { versionBansSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { type UrlFilters, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const BANS = ['admin', 'version-bans'] as const;
const PAGE_SIZE = 50;

export function VersionBansPage() {
  const canWrite = useCanWrite();
  // The project and page live in the URL (/version-bans?projectKey=default&page=2): reloadable, shareable, Back returns.
  const filters = useUrlFilters(versionBansSearch);
  const projectKey = filters.search.projectKey ?? null;
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Version bans</Title>
      <Text mt="xs">A banned client version can no longer enroll, check its status or consume in that project.</Text>
      {!canWrite && <Text mt="xs">You have read-only access: banning versions needs the admin role.</Text>}
      <Stack mt="md">
        <ProjectSelect value={projectKey} onChange={filters.choose('projectKey')} required w={280} />
        {projectKey ? <Bans projectKey={projectKey} canWrite={canWrite} filters={filters} /> : <Text>Choose a project to see its bans.</Text>}
      </Stack>
    </RoleGate>
  );
}

function BanForm({ projectKey }: { projectKey: string }) {
  const queryClient = useQueryClient();
  const [appVersion, setAppVersion] = useState('');
  const [reason, setReason] = useState('');
  const ban = useMutation({
    mutationFn: () => unwrap(adminApi.POST('/api/admin/projects/{projectKey}/version-bans', { params: { path: { projectKey } }, body: { appVersion: appVersion.trim(), reason } })),
    onSuccess: () => {
      setAppVersion('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: BANS });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ban.mutate();
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Ban a version
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Client version" required maxLength={64} value={appVersion} onChange={(e) => setAppVersion(e.currentTarget.value)} w={180} />
            <TextInput label="Reason" maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={320} />
            <Button type="submit" loading={ban.isPending}>
              Ban version
            </Button>
          </Group>
          <ErrorAlert error={ban.error} />
        </Stack>
      </form>
    </Paper>
  );
}

function Bans({ projectKey, canWrite, filters }: { projectKey: string; canWrite: boolean; filters: UrlFilters<ReturnType<typeof versionBansSearch>> }) {
  const queryClient = useQueryClient();
  const { page, setPage } = filters;
  const bans = useQuery({
    queryKey: [...BANS, projectKey, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/projects/{projectKey}/version-bans', { params: { path: { projectKey }, query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  const unban = useMutation({
    mutationFn: (appVersion: string) => unwrap(adminApi.DELETE('/api/admin/projects/{projectKey}/version-bans/{appVersion}', { params: { path: { projectKey, appVersion } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANS }),
  });
  return (
    <>
      {canWrite && <BanForm projectKey={projectKey} />}
      <ErrorAlert error={bans.error ?? unban.error} />
      {bans.data && (
        <TableScroll label="Banned versions">
          <Table miw={560} aria-label="Banned versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Banned</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bans.data.items.map((b) => (
                <Table.Tr key={b.appVersion}>
                  <Table.Td>{b.appVersion}</Table.Td>
                  <Table.Td>{b.reason || '—'}</Table.Td>
                  <Table.Td>{when(b.createdAt)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <ConfirmButton
                        size="xs"
                        question={`Lift the ban on ${b.appVersion}?`}
                        details="Clients of this version may enroll and consume again."
                        confirmLabel="Lift ban"
                        onConfirm={() => unban.mutate(b.appVersion)}
                        aria-label={`Lift the ban on ${b.appVersion}`}
                      >
                        Lift
                      </ConfirmButton>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {bans.data && bans.data.items.length === 0 && <Text>No version of {projectKey} is banned.</Text>}
      {bans.data && <Pager page={page} pageSize={PAGE_SIZE} total={bans.data.total} onChange={setPage} label="Ban pages" />}
    </>
  );
}
