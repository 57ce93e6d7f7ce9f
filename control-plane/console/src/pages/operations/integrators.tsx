import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { pageSearch } from '../../list-search.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
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
    placeholderData: (previous) => previous,
  });
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        All integrators
      </Title>
      <ErrorAlert error={users.error} />
      {users.data && users.data.items.length === 0 && <Text>No integrator yet.</Text>}
      {users.data && users.data.items.length > 0 && (
        <TableScroll label="Integrators">
          <Table miw={800} aria-label="Integrators">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Id</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Limits</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.items.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.id}</Table.Td>
                  <Table.Td>
                    <RouterAnchor to="/integrators/$userId" params={{ userId: String(u.id) }}>
                      {u.name}
                    </RouterAnchor>
                  </Table.Td>
                  <Table.Td>{u.email ?? '—'}</Table.Td>
                  <Table.Td>
                    {u.plan.name}: {u.plan.permissions.join(', ') || 'no permission'}
                  </Table.Td>
                  <Table.Td>
                    {u.plan.perMinuteLimit.toLocaleString()}/min, {u.plan.dailyLimit.toLocaleString()}/day
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={u.disabled ? 'red.9' : 'dark'}>
                      {u.disabled ? 'disabled' : 'active'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{when(u.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {users.data && <Pager page={page} pageSize={PAGE_SIZE} total={users.data.total} onChange={setPage} label="Integrator pages" />}
    </Stack>
  );
}
