/** Every integrator's webhook deliveries (the outbox), newest first: status, attempts, the last answer; an admin retries one. */
import { Group, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, unwrap } from '../../api/client.js';
import { webhookDeliveriesSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useIdFilter, useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const PAGE_SIZE = 50;
/** Pending rows change on their own (the deliverer's attempts): read the page again on this beat while one shows. */
const REFRESH_MS = 3000;

export function WebhookDeliveriesPage() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const filters = useUrlFilters(webhookDeliveriesSearch);
  const { search, page, setPage, choose } = filters;
  const [userId, setUserId, badUser] = useIdFilter(filters, 'userId');
  const filter = { status: search.status, userId: search.userId };
  const deliveries = useQuery({
    queryKey: ['admin', 'webhook-deliveries', filter, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/webhook-deliveries', { params: { query: { ...filter, page, pageSize: PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? REFRESH_MS : false),
  });
  const retry = useMutation({
    mutationFn: (id: string) => unwrap(adminApi.POST('/api/admin/webhook-deliveries/{id}/retry', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Webhook deliveries</Title>
      <Text mt="xs">
        Each event sent to an integrator's webhook. A refused attempt is tried again later, up to 12 attempts over about half a day; then the delivery has
        failed. Retrying a failed one gives it a fresh set of attempts; retrying a pending one sends it now.
      </Text>
      {!canWrite && <Text mt="xs">You have read-only access: retrying needs the admin role.</Text>}
      <Stack mt="md">
        <Group align="flex-end" wrap="wrap">
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
        </Group>
        <ErrorAlert error={deliveries.error ?? retry.error} />
        {retry.data && (
          <Text size="sm" role="status">
            Delivery {retry.data.delivery.id} is queued to be sent now.
          </Text>
        )}
        {deliveries.data && (
          <TableScroll label="Webhook deliveries">
            <Table miw={1100} aria-label="Webhook deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Delivery</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Last answer</Table.Th>
                  <Table.Th>Next attempt or delivered</Table.Th>
                  {canWrite && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td ff="monospace" fz="xs">
                      {d.id}
                    </Table.Td>
                    <Table.Td>{when(d.createdAt)}</Table.Td>
                    <Table.Td>{d.userId}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.eventType}</Text>
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
                        {JSON.stringify(d.payload)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={d.status} />
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.lastStatusCode ?? '—'}</Text>
                      {d.lastError && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {d.lastError}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{d.status === 'delivered' ? when(d.deliveredAt) : d.status === 'pending' ? when(d.nextAttemptAt) : '—'}</Table.Td>
                    {canWrite && (
                      <Table.Td>
                        {d.status !== 'delivered' && (
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
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {deliveries.data && deliveries.data.items.length === 0 && <Text>No delivery matches.</Text>}
        {deliveries.data && <Pager page={page} pageSize={PAGE_SIZE} total={deliveries.data.total} onChange={setPage} label="Delivery pages" />}
      </Stack>
    </RoleGate>
  );
}
