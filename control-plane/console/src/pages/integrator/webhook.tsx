import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { ACTIONS, keepPrevious, QueryTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { ShownOnce } from '../../ui/shown-once.js';

const WEBHOOK = ['me', 'webhook'] as const;
const DELIVERIES = ['me', 'webhook', 'deliveries'] as const;
const PAGE_SIZE = 20;
/** Deliveries change on their own (retries, the test event): the log refreshes while the page is open. */
const DELIVERY_REFRESH_MS = 3000;

export function WebhookPage() {
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>Webhook</Title>
      <Text mt="xs">
        Plume POSTs events (generation, publish progress, expired account sessions) to this URL, signed with the secret in the Plume-Webhook-Signature header.
      </Text>
      <WebhookSettings />
      <DeliveryLog />
    </RoleGate>
  );
}

function WebhookSettings() {
  const queryClient = useQueryClient();
  const webhook = useQuery({ queryKey: WEBHOOK, queryFn: () => unwrap(consoleApi.GET('/api/console/me/webhook')) });
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [testId, setTestId] = useState<string | null>(null);
  const current = webhook.data?.webhook ?? null;
  useEffect(() => {
    if (current) setUrl(current.url);
  }, [current]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOK });
  const save = useMutation({
    mutationFn: () => unwrap(consoleApi.PUT('/api/console/me/webhook', { body: { url: url.trim() } })),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      void refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/me/webhook/rotate-secret')),
    onSuccess: (answer) => setSecret(answer.secret),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(consoleApi.DELETE('/api/console/me/webhook')),
    onSuccess: () => {
      setUrl('');
      setSecret(null);
      void refresh();
    },
  });
  const test = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/me/webhook/test')),
    onSuccess: (answer) => {
      setTestId(answer.deliveryId);
      void queryClient.invalidateQueries({ queryKey: DELIVERIES });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Paper withBorder p="md" mt="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Endpoint
          </Title>
          <ErrorAlert error={webhook.error} />
          {current && (
            <Text size="sm">
              Secret: {current.secretSet ? 'set' : 'not set'}
            </Text>
          )}
          <TextInput label="Webhook URL" type="url" placeholder="https://example.com/plume-events" required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <ErrorAlert error={save.error ?? rotate.error ?? remove.error ?? test.error} />
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              Save URL
            </Button>
            {current && (
              <>
                <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
                  Send a test event
                </Button>
                <ConfirmButton
                  question="Rotate the webhook secret?"
                  details="Deliveries are signed with the new secret from now on; update your receiver right away."
                  confirmLabel="Rotate secret"
                  onConfirm={() => rotate.mutate()}
                  loading={rotate.isPending}
                >
                  Rotate secret
                </ConfirmButton>
                <ConfirmButton question="Remove the webhook?" details="No event is sent until a URL is set again." confirmLabel="Remove webhook" onConfirm={() => remove.mutate()}>
                  Remove
                </ConfirmButton>
              </>
            )}
          </Group>
        </Stack>
      </form>
      {secret && (
        <Stack mt="md">
          <ShownOnce title="Webhook signing secret" label="Webhook secret" value={secret} onDismiss={() => setSecret(null)} />
        </Stack>
      )}
      {testId && (
        <Text mt="md" role="status">
          Test event queued as delivery {testId}; it appears in the log below.
        </Text>
      )}
    </Paper>
  );
}

function DeliveryLog() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    queryKey: [...DELIVERIES, page],
    queryFn: () => unwrap(consoleApi.GET('/api/console/me/webhook/deliveries', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } })),
    refetchInterval: DELIVERY_REFRESH_MS,
    placeholderData: keepPrevious,
  });
  const retry = useMutation({
    mutationFn: (id: string) => unwrap(consoleApi.POST('/api/console/me/webhook/deliveries/{id}/retry', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DELIVERIES }),
  });
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          Delivery log
        </Title>
      }
      list={deliveries.data && { items: deliveries.data.deliveries, total: deliveries.data.total }}
      error={deliveries.error ?? retry.error}
      label="Webhook deliveries"
      miw={720}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-delivery-id': d.id })}
      columns={[
        { header: 'Event', td: { ff: 'monospace' }, cell: (d) => d.eventType },
        {
          header: 'Status',
          cell: (d) => (
            <Badge variant="outline" color={d.status === 'failed' ? 'red.9' : 'dark'}>
              {d.status}
            </Badge>
          ),
        },
        { header: 'Attempts', cell: (d) => d.attempts },
        { header: 'Last HTTP status', cell: (d) => d.lastStatusCode ?? '—' },
        { header: 'Created', cell: (d) => when(d.createdAt) },
        { header: 'Delivered', cell: (d) => when(d.deliveredAt) },
        {
          header: ACTIONS,
          cell: (d) =>
            d.status !== 'delivered' && (
              <Button
                size="xs"
                variant="default"
                aria-label={`Retry delivery ${d.id} now`}
                loading={retry.isPending && retry.variables === d.id}
                onClick={() => retry.mutate(d.id)}
              >
                Retry now
              </Button>
            ),
        },
      ]}
      empty="No delivery yet."
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Delivery log pages' }}
    />
  );
}
