import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { pageSearch } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';
import { NEW_PLAN, PlanFields, planBody } from './integrator-plan.js';

const PAGE_SIZE = 20;
const RouterAnchor = createLink(Anchor);

export function IntegratorsPage() {
  const canWrite = useCanWrite();
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Integrators</Title>
      <Text mt="xs">The users of the Open API: their plans and quota balances. Open one for its API keys, CMS sites, webhook and platform accounts.</Text>
      {canWrite ? <CreateIntegrator /> : <Text mt="md">You have read-only access: creating and changing integrators needs the admin role.</Text>}
      <IntegratorList />
    </RoleGate>
  );
}

function CreateIntegrator() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [plan, setPlan] = useState(NEW_PLAN);
  const create = useMutation({
    mutationFn: () => {
      const { plan: planPart, quotas } = planBody(plan);
      const trimmed = email.trim();
      return unwrap(adminApi.POST('/api/admin/users', { body: { name: name.trim(), ...(trimmed ? { email: trimmed } : {}), plan: planPart, quotas } }));
    },
    onSuccess: ({ user }) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      void navigate({ to: '/integrators/$userId', params: { userId: String(user.id) } });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit} aria-label="Create an integrator">
        <Stack>
          <Title order={3} size="h4">
            Create an integrator
          </Title>
          <TextInput label="Integrator name" required maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Contact email" description="Optional; unique among integrators" type="email" maxLength={320} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PlanFields values={plan} onChange={setPlan} />
          <ErrorAlert error={create.error} />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create integrator
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function IntegratorList() {
  const { page, setPage } = useUrlFilters(pageSearch);
  const users = useQuery({
    queryKey: ['admin', 'users', 'list', page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/users', { params: { query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          All integrators
        </Title>
      }
      list={users.data}
      error={users.error}
      label="Integrators"
      miw={800}
      rowKey={(u) => u.id}
      columns={[
        { header: 'Id', cell: (u) => u.id },
        {
          header: 'Name',
          cell: (u) => (
            <RouterAnchor to="/integrators/$userId" params={{ userId: String(u.id) }}>
              {u.name}
            </RouterAnchor>
          ),
        },
        { header: 'Email', cell: (u) => u.email ?? '—' },
        {
          header: 'Plan',
          cell: (u) => (
            <>
              {u.plan.name}: {u.plan.permissions.join(', ') || 'no permission'}
            </>
          ),
        },
        {
          header: 'Limits',
          cell: (u) => (
            <>
              {u.plan.perMinuteLimit.toLocaleString()}/min, {u.plan.dailyLimit.toLocaleString()}/day
            </>
          ),
        },
        {
          header: 'State',
          cell: (u) => (
            <Badge variant="outline" color={u.disabled ? 'red.9' : 'dark'}>
              {u.disabled ? 'disabled' : 'active'}
            </Badge>
          ),
        },
        { header: 'Created', cell: (u) => when(u.createdAt) },
      ]}
      empty="No integrator yet."
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Integrator pages' }}
    />
  );
}
