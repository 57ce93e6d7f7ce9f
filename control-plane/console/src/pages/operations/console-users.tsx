import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useRouteContext } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ConsoleRole } from '../../api/paths.js';
import { pageSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { IntegratorSelect, integratorLabel } from '../../ui/integrator-select.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { when } from '../../ui/format.js';
import { RoleGate } from '../../ui/role-gate.js';
import { ShownOnce } from '../../ui/shown-once.js';
import { useUrlFilters } from '../../ui/url-filters.js';

const USERS = ['console-users'] as const;
const RouterAnchor = createLink(Anchor);
const PAGE_SIZE = 20;
const ROLES: { value: ConsoleRole; label: string }[] = [
  { value: 'user', label: 'user: an integrator, their own keys and webhook' },
  { value: 'viewer', label: 'viewer: the admin pages, read-only' },
  { value: 'admin', label: 'admin: everything' },
];

export function ConsoleUsersPage() {
  const { me } = useRouteContext({ from: '/app' });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Console users</Title>
      <Text mt="xs">People who log in to this console. A new person joins through a single-use invite link you hand over.</Text>
      {me.user.role === 'admin' ? <Invite /> : <Text mt="md">You have read-only access: inviting and disabling need the admin role.</Text>}
      <UserList canEdit={me.user.role === 'admin'} selfId={me.user.id} />
    </RoleGate>
  );
}

function Invite() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ConsoleRole>('user');
  const [integrator, setIntegrator] = useState<number | null>(null);
  const [integratorMissing, setIntegratorMissing] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () =>
      unwrap(
        consoleApi.POST('/api/console/invites', {
          body: { email: email.trim(), role, ...(role === 'user' && integrator !== null ? { integratorUserId: integrator } : {}) },
        }),
      ),
    onSuccess: ({ invite: created }) => {
      setLink(new URL(created.url, window.location.origin).href);
      setEmail('');
      setIntegrator(null);
      void queryClient.invalidateQueries({ queryKey: USERS });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (role === 'user' && integrator === null) {
      setIntegratorMissing(true);
      return;
    }
    invite.mutate();
  };
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Invite a person
          </Title>
          <TextInput label="Email" type="email" required maxLength={320} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Select label="Role" data={ROLES} value={role} onChange={(v) => v && setRole(v as ConsoleRole)} allowDeselect={false} />
          {role === 'user' && (
            <IntegratorSelect
              label="Integrator"
              description="The integrator (see Integrators) whose keys and webhook this person manages"
              required
              error={integratorMissing && integrator === null ? 'Choose the integrator this person acts for' : null}
              value={integrator}
              onChange={(id) => {
                setIntegrator(id);
                setIntegratorMissing(false);
              }}
            />
          )}
          <ErrorAlert error={invite.error} />
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Create invite link
            </Button>
          </Group>
        </Stack>
      </form>
      {link && (
        <Stack mt="md">
          <ShownOnce title="Invite link (valid 7 days, single use)" label="Invite link" value={link} onDismiss={() => setLink(null)} />
        </Stack>
      )}
    </Paper>
  );
}

function UserList({ canEdit, selfId }: { canEdit: boolean; selfId: string }) {
  const { page, setPage } = useUrlFilters(pageSearch);
  const users = useQuery({
    queryKey: [...USERS, page],
    queryFn: () => unwrap(consoleApi.GET('/api/console/users', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  const disable = useRowAction((id: string) => unwrap(consoleApi.POST('/api/console/users/{id}/disable', { params: { path: { id } } })), USERS);
  const resetTotp = useRowAction((id: string) => unwrap(consoleApi.POST('/api/console/users/{id}/totp/reset', { params: { path: { id } } })), USERS);
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          People
        </Title>
      }
      list={users.data && { items: users.data.users, total: users.data.total }}
      error={users.error ?? disable.error ?? resetTotp.error}
      label="Console users"
      miw={720}
      rowKey={(u) => u.id}
      columns={[
        { header: 'Name', td: { style: WRAP_ANYWHERE }, cell: (u) => u.name },
        { header: 'Email', td: { style: WRAP_ANYWHERE }, cell: (u) => u.email },
        { header: 'Role', cell: (u) => <Badge variant="outline">{u.role}</Badge> },
        {
          header: 'Integrator',
          td: { style: WRAP_ANYWHERE },
          cell: (u) =>
            u.integratorUserId === null ? (
              '—'
            ) : (
              <RouterAnchor to="/integrators/$userId" params={{ userId: String(u.integratorUserId) }}>
                {integratorLabel({ id: u.integratorUserId, name: u.integratorName ?? '(removed)' })}
              </RouterAnchor>
            ),
        },
        { header: 'Joined', cell: (u) => when(u.createdAt) },
        {
          header: 'State',
          cell: (u) => (
            <Badge variant="outline" color={u.disabledAt ? 'red.9' : 'dark'}>
              {u.disabledAt ? 'disabled' : 'active'}
            </Badge>
          ),
        },
        { header: 'Two-factor', cell: (u) => (u.totpEnabled ? 'on' : 'off') },
        canEdit && {
          header: ACTIONS,
          cell: (u) => (
            <>
              {u.id !== selfId && u.totpEnabled && (
                <ConfirmButton
                  size="xs"
                  mr="xs"
                  question={`Reset two-factor login of ${u.name}?`}
                  details="Their authenticator and recovery codes stop working; they log in with their password alone until they set it up again."
                  confirmLabel="Reset two-factor"
                  onConfirm={() => resetTotp.mutate(u.id)}
                  aria-label={`Reset two-factor login of ${u.name}`}
                >
                  Reset two-factor
                </ConfirmButton>
              )}
              {u.id !== selfId && !u.disabledAt && (
                <ConfirmButton
                  size="xs"
                  question={`Disable ${u.name}?`}
                  details="Their sessions end now and they can no longer log in."
                  confirmLabel="Disable"
                  onConfirm={() => disable.mutate(u.id)}
                  aria-label={`Disable ${u.name}`}
                >
                  Disable
                </ConfirmButton>
              )}
            </>
          ),
        },
      ]}
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Console user pages' }}
    />
  );
}
