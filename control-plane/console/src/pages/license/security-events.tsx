/** Security events (bad signatures, replayed nonces, banned versions, revocations, fingerprint drift), newest first. */
import { Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { EVENT_KINDS, securityEventsSearch } from '../../list-search.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;

export function SecurityEventsPage() {
  const { search, page, setPage, refilter, choose } = useUrlFilters(securityEventsSearch);
  const range = { from: search.from ?? '', to: search.to ?? '' };
  const filter = { projectKey: search.projectKey, kind: search.kind, ...rangeQuery(range.from, range.to) };
  const events = useQuery({
    queryKey: ['admin', 'security-events', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/security-events', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Security events</Title>
      <Text mt="xs">What the license service refused or noticed, newest first. Leave both days empty for all time.</Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
          <Select label="Kind" placeholder="Any" clearable data={[...EVENT_KINDS]} value={search.kind ?? null} onChange={choose('kind')} w={200} />
          <DateRange from={range.from} to={range.to} onChange={(r) => refilter({ from: r.from || undefined, to: r.to || undefined })} />
        </Group>
        <ErrorAlert error={events.error} />
        {events.data && (
          <TableScroll label="Security events">
            <Table miw={960} aria-label="Security events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{when(e.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="red.9">
                        {e.kind}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{e.projectKey ?? '—'}</Table.Td>
                    <Table.Td>{e.deviceId ?? '—'}</Table.Td>
                    <Table.Td>{e.ip ?? '—'}</Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {Object.keys(e.detail).length ? JSON.stringify(e.detail) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {events.data && events.data.items.length === 0 && <Text>No security event matches.</Text>}
        {events.data && <Pager page={page} pageSize={PAGE_SIZE} total={events.data.total} onChange={setPage} label="Security event pages" />}
      </Stack>
    </RoleGate>
  );
}
