/** A project's banned client versions: enroll, status and consume with one are refused. An admin bans and lifts bans. */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { versionBansSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
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
  const { page, setPage } = filters;
  const bans = useQuery({
    queryKey: [...BANS, projectKey, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/projects/{projectKey}/version-bans', { params: { path: { projectKey }, query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  const unban = useRowAction(
    (appVersion: string) => unwrap(adminApi.DELETE('/api/admin/projects/{projectKey}/version-bans/{appVersion}', { params: { path: { projectKey, appVersion } } })),
    BANS,
  );
  return (
    <QueryTable
      mt={0}
      header={canWrite && <BanForm projectKey={projectKey} />}
      list={bans.data}
      error={bans.error ?? unban.error}
      label="Banned versions"
      miw={560}
      rowKey={(b) => b.appVersion}
      columns={[
        { header: 'Version', cell: (b) => b.appVersion },
        { header: 'Reason', cell: (b) => b.reason || '—' },
        { header: 'Banned', cell: (b) => when(b.createdAt) },
        canWrite && {
          header: ACTIONS,
          cell: (b) => (
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
          ),
        },
      ]}
      empty={<>No version of {projectKey} is banned.</>}
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Ban pages' }}
    />
  );
}
