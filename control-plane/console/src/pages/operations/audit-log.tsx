/** The admin audit log: every write through the admin API (by token or console person) and the console's own admin writes, newest first, filtered by actor and UTC days. */
import { Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { auditLogSearch } from '../../list-search.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;

export function AuditLogPage() {
  const filters = useUrlFilters(auditLogSearch);
  const { search, page, setPage, refilter } = filters;
  const [actor, setActor] = useTextFilter(filters, 'actor');
  const range = { from: search.from ?? '', to: search.to ?? '' };
  const filter = { actor: search.actor, ...rangeQuery(range.from, range.to) };
  const log = useQuery({
    queryKey: ['admin', 'audit-log', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/audit-log', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Audit log</Title>
      <Text mt="xs">
        Every write through the admin API, and every invite, disabled person and two-factor reset made in the console, whatever its outcome, with who made it: a
        console person by email, an admin token by its id, or{' '}
        <Text span ff="monospace">
          bootstrap
        </Text>
        . Newest first; leave both days empty for all time.
      </Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Actor" description="Email, token id or bootstrap" maxLength={320} value={actor} onChange={(e) => setActor(e.currentTarget.value)} w={280} />
          <DateRange from={range.from} to={range.to} onChange={(r) => refilter({ from: r.from || undefined, to: r.to || undefined })} />
        </Group>
        <ErrorAlert error={log.error} />
        {log.data && (
          <TableScroll label="Audit log">
            <Table miw={1100} aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Actor</Table.Th>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>Request id</Table.Th>
                  <Table.Th>Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{when(a.createdAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.actor}</Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {a.method} {a.path}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={a.statusCode >= 400 ? 'red.9' : 'dark'}>
                        {a.statusCode}
                      </Badge>
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {a.requestId}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {Object.keys(a.detail).length ? JSON.stringify(a.detail) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {log.data && log.data.items.length === 0 && <Text>No write matches.</Text>}
        {log.data && <Pager page={page} pageSize={PAGE_SIZE} total={log.data.total} onChange={setPage} label="Audit log pages" />}
      </Stack>
    </RoleGate>
  );
}
