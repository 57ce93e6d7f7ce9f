/** Consumption logs: filtered by project, keyword and days, paged by the server, and the API's CSV export of the same filter. */
import { Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { logsSearch } from '../../list-search.js';
import { CsvExportButton } from '../../ui/csv-export.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { dayOf, when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;

export function LogsPage() {
  const filters = useUrlFilters(logsSearch);
  const { search, page, setPage, refilter, choose } = filters;
  const [keyword, setKeyword] = useTextFilter(filters, 'keyword');
  // Without days in the URL, the last seven; a day emptied on purpose is '' there.
  const range = { from: search.from ?? dayOf(new Date(Date.now() - 6 * 86_400_000)), to: search.to ?? dayOf(new Date()) };
  const filter = { projectKey: search.projectKey, keyword: search.keyword, ...rangeQuery(range.from, range.to) };
  const logs = useQuery({
    queryKey: ['admin', 'logs', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/logs', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Consumption logs</Title>
      <Text mt="xs">Every consume call a device made: deducted, answered again for a repeated request id, checked against a TIME code, or refused. Newest first.</Text>
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
          <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
          <TextInput label="Code, machine, request or session id" maxLength={200} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={280} />
          <DateRange from={range.from} to={range.to} onChange={(r) => refilter(r)} />
        </Group>
        <CsvExportButton path="/api/admin/logs/export.csv" query={filter} fallbackName="consumption-logs.csv" />
        <ErrorAlert error={logs.error} />
        {logs.data && (
          <TableScroll label="Consumption logs">
            <Table miw={1000} aria-label="Consumption logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Request id</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Left after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{when(l.createdAt)}</Table.Td>
                    <Table.Td>{l.projectKey ?? '—'}</Table.Td>
                    <Table.Td ff="monospace">{l.code ?? '—'}</Table.Td>
                    <Table.Td>
                      #{l.deviceId} {l.machineId ?? ''}
                    </Table.Td>
                    <Table.Td>{l.requestId ?? '—'}</Table.Td>
                    <Table.Td>{l.outcome}</Table.Td>
                    <Table.Td>{l.remainingAfter ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {logs.data && logs.data.items.length === 0 && <Text>No consumption in this range.</Text>}
        {logs.data && <Pager page={page} pageSize={PAGE_SIZE} total={logs.data.total} onChange={setPage} label="Log pages" />}
      </Stack>
    </RoleGate>
  );
}
