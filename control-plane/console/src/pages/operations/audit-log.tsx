/** The admin audit log: every write through the admin API (by token or console person) and the console's own admin writes, newest first, filtered by actor and UTC days. */
import { Badge, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { auditLogSearch } from '../../list-search.js';
import { DateRange, rangeQuery } from '../../ui/date-range.js';
import { when } from '../../ui/format.js';
import { keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { WRAP_ANYWHERE } from '../../ui/table-scroll.js';
import { useTextFilter, useUrlFilters } from '../../ui/url-filters.js';

const PAGE_SIZE = 50;
const SMALL_MONO = { ff: 'monospace', fz: 'xs', style: WRAP_ANYWHERE } as const;

export function AuditLogPage() {
  const filters = useUrlFilters(auditLogSearch);
  const { search, page, setPage, refilter } = filters;
  const [actor, setActor] = useTextFilter(filters, 'actor');
  const range = { from: search.from ?? '', to: search.to ?? '' };
  const filter = { actor: search.actor, ...rangeQuery(range.from, range.to) };
  const log = useQuery({
    queryKey: ['admin', 'audit-log', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/audit-log', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
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
      <QueryTable
        filters={
          <>
            <TextInput label="Actor" description="Email, token id or bootstrap" maxLength={320} value={actor} onChange={(e) => setActor(e.currentTarget.value)} w={280} />
            <DateRange from={range.from} to={range.to} onChange={(r) => refilter({ from: r.from || undefined, to: r.to || undefined })} />
          </>
        }
        list={log.data}
        error={log.error}
        label="Audit log"
        miw={1100}
        rowKey={(a) => a.id}
        columns={[
          { header: 'When', cell: (a) => when(a.createdAt) },
          { header: 'Actor', td: { style: WRAP_ANYWHERE }, cell: (a) => a.actor },
          {
            header: 'Request',
            td: SMALL_MONO,
            cell: (a) => (
              <>
                {a.method} {a.path}
              </>
            ),
          },
          {
            header: 'Answer',
            cell: (a) => (
              <Badge variant="outline" color={a.statusCode >= 400 ? 'red.9' : 'dark'}>
                {a.statusCode}
              </Badge>
            ),
          },
          { header: 'Request id', td: SMALL_MONO, cell: (a) => a.requestId },
          { header: 'Detail', td: SMALL_MONO, cell: (a) => (Object.keys(a.detail).length ? JSON.stringify(a.detail) : '—') },
        ]}
        empty="No write matches."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Audit log pages' }}
      />
    </RoleGate>
  );
}
