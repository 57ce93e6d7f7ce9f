/** Consumption logs: filtered by project, keyword and days, paged by the server, and the API's CSV export of the same filter. */
import { Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { logsSearch } from '../../list-search.js';
import { CsvExportButton } from '../../ui/csv-export.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { dayOf, when } from '../../ui/format.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
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
    placeholderData: keepPrevious,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Consumption logs</Title>
      <Text mt="xs">Every consume call a device made: deducted, answered again for a repeated request id, checked against a TIME code, or refused. Newest first.</Text>
      <QueryTable
        filters={
          <>
            <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
            <TextInput label="Code, machine, request or session id" maxLength={200} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={280} />
            <DateRange from={range.from} to={range.to} onChange={(r) => refilter(r)} />
          </>
        }
        tools={<CsvExportButton path="/api/admin/logs/export.csv" query={filter} fallbackName="consumption-logs.csv" />}
        list={logs.data}
        error={logs.error}
        label="Consumption logs"
        miw={1000}
        rowKey={(l) => l.id}
        columns={[
          { header: 'When', cell: (l) => when(l.createdAt) },
          { header: 'Project', cell: (l) => l.projectKey ?? '—' },
          { header: 'Code', td: { ff: 'monospace' }, cell: (l) => l.code ?? '—' },
          {
            header: 'Device',
            cell: (l) => (
              <>
                #{l.deviceId} {l.machineId ?? ''}
              </>
            ),
          },
          { header: 'Request id', cell: (l) => l.requestId ?? '—' },
          { header: 'Outcome', cell: (l) => l.outcome },
          { header: 'Left after', cell: (l) => l.remainingAfter ?? '—' },
        ]}
        empty="No consumption in this range."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Log pages' }}
      />
    </RoleGate>
  );
}
