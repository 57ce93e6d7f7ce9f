/** Security events (bad signatures, replayed nonces, banned versions, revocations, fingerprint drift), newest first. */
import { Badge, Select, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { EVENT_KINDS, securityEventsSearch } from '../../list-search.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { when } from '../../ui/format.js';
import { ProjectSelect } from '../../ui/project-select.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;

export function SecurityEventsPage() {
  const { search, page, setPage, refilter, choose } = useUrlFilters(securityEventsSearch);
  const range = { from: search.from ?? '', to: search.to ?? '' };
  const filter = { projectKey: search.projectKey, kind: search.kind, ...rangeQuery(range.from, range.to) };
  const events = useQuery({
    queryKey: ['admin', 'security-events', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/security-events', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Security events</Title>
      <Text mt="xs">What the license service refused or noticed, newest first. Leave both days empty for all time.</Text>
      <QueryTable
        filters={
          <>
            <ProjectSelect value={search.projectKey ?? null} onChange={choose('projectKey')} w={240} />
            <Select label="Kind" placeholder="Any" clearable data={[...EVENT_KINDS]} value={search.kind ?? null} onChange={choose('kind')} w={200} />
            <DateRange from={range.from} to={range.to} onChange={(r) => refilter({ from: r.from || undefined, to: r.to || undefined })} />
          </>
        }
        list={events.data}
        error={events.error}
        label="Security events"
        miw={960}
        rowKey={(e) => e.id}
        columns={[
          { header: 'When', cell: (e) => when(e.createdAt) },
          {
            header: 'Kind',
            cell: (e) => (
              <Badge variant="outline" color="red.9">
                {e.kind}
              </Badge>
            ),
          },
          { header: 'Project', cell: (e) => e.projectKey ?? '—' },
          { header: 'Device', cell: (e) => e.deviceId ?? '—' },
          { header: 'Address', cell: (e) => e.ip ?? '—' },
          {
            header: 'Detail',
            td: { ff: 'monospace', fz: 'xs' },
            cell: (e) => (Object.keys(e.detail).length ? JSON.stringify(e.detail) : '—'),
          },
        ]}
        empty="No security event matches."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Security event pages' }}
      />
    </RoleGate>
  );
}
