import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../api/client.js';
import { ErrorAlert } from '../ui/error-alert.js';
import { TableScroll } from '../ui/table-scroll.js';
import { when } from '../ui/format.js';
import { Pager } from '../ui/pager.js';
import { RoleGate } from '../ui/role-gate.js';

const PAGE_SIZE = 20;

export function IntegratorsPage() {
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Integrators</Title>
      <Text mt="xs">The users of the Open API: their plans and quota balances (admin API, GET /api/admin/users).</Text>
      <IntegratorList />
    </RoleGate>
  );
}

function IntegratorList() {
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: ['admin', 'users', page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/users', { params: { query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack mt="md">
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
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{u.email ?? '—'}</Table.Td>
                  <Table.Td>
                    {u.plan.name}: {u.plan.permissions.join(', ')}
                  </Table.Td>
                  <Table.Td>
                    {u.plan.perMinuteLimit}/min, {u.plan.dailyLimit}/day
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
