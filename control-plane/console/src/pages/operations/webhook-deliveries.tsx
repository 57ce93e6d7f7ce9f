/** Every integrator's webhook deliveries (the outbox), newest first: status, attempts, the last answer; an admin retries one. */
import { Select, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { webhookDeliveriesSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { when } from '../../ui/format.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { useIdFilter, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const PAGE_SIZE = 50;
/** Pending rows change on their own (the deliverer's attempts): read the page again on this beat while one shows. */
const REFRESH_MS = 3000;

export function WebhookDeliveriesPage() {
  const canWrite = useCanWrite();
  const filters = useUrlFilters(webhookDeliveriesSearch);
  const { search, page, setPage, choose } = filters;
  const [userId, setUserId, badUser] = useIdFilter(filters, 'userId');
  const filter = { status: search.status, userId: search.userId };
  const deliveries = useQuery({
    queryKey: ['admin', 'webhook-deliveries', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/webhook-deliveries', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? REFRESH_MS : false),
  });
  const retry = useRowAction((id: string) => unwrap(adminApi.POST('/api/admin/webhook-deliveries/{id}/retry', { params: { path: { id } } })), ['admin']);
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Webhook deliveries</Title>
      <Text mt="xs">
        Each event sent to an integrator's webhook. A refused attempt is tried again later, up to 12 attempts over about half a day; then the delivery has
        failed. Retrying a failed one gives it a fresh set of attempts; retrying a pending one sends it now.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: retrying needs the admin role.</Text>}
      <QueryTable
        filters={
          <>
            <Select label="Status" placeholder="Any" clearable data={['pending', 'delivered', 'failed']} value={search.status ?? null} onChange={choose('status')} w={150} />
            <TextInput
              label="User id"
              inputMode="numeric"
              maxLength={10}
              value={userId}
              error={badUser ? 'A user id is a number' : undefined}
              onChange={(e) => setUserId(e.currentTarget.value)}
              w={120}
            />
          </>
        }
        list={deliveries.data}
        error={deliveries.error ?? retry.error}
        notice={
          retry.data && (
            <Text size="sm" role="status">
              Delivery {retry.data.delivery.id} is queued to be sent now.
            </Text>
          )
        }
        label="Webhook deliveries"
        miw={1100}
        rowKey={(d) => d.id}
        columns={[
          { header: 'Delivery', td: { ff: 'monospace', fz: 'xs' }, cell: (d) => d.id },
          { header: 'Created', cell: (d) => when(d.createdAt) },
          { header: 'User', cell: (d) => d.userId },
          {
            header: 'Event',
            cell: (d) => (
              <>
                <Text size="sm">{d.eventType}</Text>
                <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
                  {JSON.stringify(d.payload)}
                </Text>
              </>
            ),
          },
          { header: 'Status', cell: (d) => <StateBadge state={d.status} /> },
          { header: 'Attempts', cell: (d) => d.attempts },
          {
            header: 'Last answer',
            cell: (d) => (
              <>
                <Text size="sm">{d.lastStatusCode ?? '—'}</Text>
                {d.lastError && (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {d.lastError}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Next attempt or delivered',
            cell: (d) => (d.status === 'delivered' ? when(d.deliveredAt) : d.status === 'pending' ? when(d.nextAttemptAt) : '—'),
          },
          canWrite && {
            header: ACTIONS,
            cell: (d) =>
              d.status !== 'delivered' && (
                <ConfirmButton
                  size="xs"
                  question={`Retry delivery ${d.id}?`}
                  details={
                    d.status === 'failed'
                      ? `It is sent to user ${d.userId}'s webhook now, with a fresh set of attempts.`
                      : `Its next attempt to user ${d.userId}'s webhook is made now instead of ${when(d.nextAttemptAt)}.`
                  }
                  confirmLabel="Retry now"
                  onConfirm={() => retry.mutate(d.id)}
                  aria-label={`Retry delivery ${d.id}`}
                >
                  Retry
                </ConfirmButton>
              ),
          },
        ]}
        empty="No delivery matches."
        paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Delivery pages' }}
      />
    </RoleGate>
  );
}
