/**
 * One integrator (admin API, /api/admin/users/{userId}…): plan, limits and
 * quota balances, their API keys, CMS sites, webhook and platform accounts.
 * An admin edits the plan and quotas, disables or enables the integrator,
 * creates and revokes keys and adds and removes CMS sites; a viewer reads.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLink, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { FormActions } from '../../ui/form-actions.js';
import { when } from '../../ui/format.js';
import { DataTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';
import { CmsSites, PlatformAccounts } from './integrator-accounts.js';
import { IntegratorKeys } from './integrator-keys.js';
import { BUCKET_LABELS, BUCKETS, type Integrator, integratorKey, PlanFields, planBody, planValuesOf } from './integrator-plan.js';

const RouterAnchor = createLink(Anchor);

export function IntegratorPage() {
  const { userId: raw } = useParams({ from: '/app/integrators/$userId' });
  const userId = Number(raw);
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <RouterAnchor to="/integrators">Back to the integrators</RouterAnchor>
      {Number.isSafeInteger(userId) && userId > 0 ? (
        <IntegratorDetail userId={userId} />
      ) : (
        <>
          <Title order={2} mt="sm">
            No such integrator
          </Title>
          <Text mt="xs">An integrator id is a positive number.</Text>
        </>
      )}
    </RoleGate>
  );
}

function IntegratorDetail({ userId }: { userId: number }) {
  const user = useQuery({
    queryKey: integratorKey(userId),
    queryFn: () => unwrap(adminApi.GET('/api/admin/users/{userId}', { params: { path: { userId } } })),
  });
  if (!user.data) {
    return (
      <Stack mt="sm">
        <Title order={2}>Integrator {userId}</Title>
        {user.isPending && <Text>Loading…</Text>}
        <ErrorAlert error={user.error} />
      </Stack>
    );
  }
  const u = user.data.user;
  return (
    <Stack mt="sm" gap="lg">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {u.name}
          </Title>
          <Badge variant="outline" color={u.disabled ? 'red.9' : 'dark'}>
            {u.disabled ? 'disabled' : 'active'}
          </Badge>
        </Group>
        <Text size="sm">
          Integrator {u.id}
          {u.email ? `, ${u.email}` : ''}; created {when(u.createdAt)}.
        </Text>
      </Stack>
      <PlanSection user={u} />
      <IntegratorKeys user={u} />
      <CmsSites user={u} />
      <Webhook user={u} />
      <PlatformAccounts userId={u.id} />
    </Stack>
  );
}

function PlanSection({ user }: { user: Integrator }) {
  const canWrite = useCanWrite();
  return (
    <Stack component="section" aria-labelledby="plan-heading">
      <Title order={3} size="h4" id="plan-heading">
        Plan and quotas
      </Title>
      <TableScroll label="Plan">
        <Table aria-label="Plan" miw={320}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Plan</Table.Th>
              <Table.Td>{user.plan.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Permissions</Table.Th>
              <Table.Td>{user.plan.permissions.join(', ') || 'none'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Requests per minute</Table.Th>
              <Table.Td>{user.plan.perMinuteLimit.toLocaleString()}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Requests per UTC day</Table.Th>
              <Table.Td>{user.plan.dailyLimit.toLocaleString()}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">CMS sites</Table.Th>
              <Table.Td>{user.plan.cmsEnabled ? 'may publish' : 'may not publish'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>
      <DataTable
        label="Quota balances"
        miw={480}
        rows={BUCKETS}
        rowKey={(b) => b}
        columns={[
          { header: 'Bucket', cell: (b) => BUCKET_LABELS[b] },
          { header: 'Granted', td: { ta: 'right' }, cell: (b) => user.quotas[b].granted.toLocaleString() },
          { header: 'Used', td: { ta: 'right' }, cell: (b) => user.quotas[b].used.toLocaleString() },
          { header: 'Left', td: { ta: 'right' }, cell: (b) => (user.quotas[b].granted - user.quotas[b].used).toLocaleString() },
        ]}
      />
      {canWrite && (
        <Group gap="xs">
          <PlanEditor user={user} />
          <DisabledState user={user} />
        </Group>
      )}
    </Stack>
  );
}

/** Sends the name when changed, the plan whole (the API replaces it), and only the quota grants that changed. */
function PlanEditor({ user }: { user: Integrator }) {
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState(user.name);
  const [values, setValues] = useState(() => planValuesOf(user));
  const save = useMutation({
    mutationFn: () => {
      const { plan, quotas } = planBody(values, (b, v) => v !== user.quotas[b].granted);
      const trimmed = name.trim();
      return unwrap(
        adminApi.PATCH('/api/admin/users/{userId}', {
          params: { path: { userId: user.id } },
          body: { ...(trimmed !== user.name ? { name: trimmed } : {}), plan, quotas },
        }),
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(integratorKey(user.id), answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users', 'list'] });
      close();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setName(user.name);
          setValues(planValuesOf(user));
          save.reset();
          open();
        }}
      >
        Edit plan and quotas
      </Button>
      <Modal opened={opened} onClose={close} title={`Plan and quotas of ${user.name}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        <form onSubmit={submit}>
          <Stack>
            <TextInput label="Integrator name" required maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <PlanFields values={values} onChange={setValues} usedOf={(b) => user.quotas[b].used} />
            <Text size="sm">A plan change reaches every control plane replica within milliseconds: the next request of each key is judged on it.</Text>
            <FormActions error={save.error} pending={save.isPending} onCancel={close}>
              Save plan and quotas
            </FormActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function DisabledState({ user }: { user: Integrator }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (disabled: boolean) => unwrap(adminApi.PATCH('/api/admin/users/{userId}', { params: { path: { userId: user.id } }, body: { disabled } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(integratorKey(user.id), answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users', 'list'] });
    },
  });
  return (
    <>
      {user.disabled ? (
        <Button size="xs" variant="default" onClick={() => change.mutate(false)} loading={change.isPending}>
          Enable integrator
        </Button>
      ) : (
        <ConfirmButton
          size="xs"
          question={`Disable ${user.name}?`}
          details="Every API key of theirs is refused (403) from the next request on, on every replica. Their keys, sites and quota stay; enabling them again restores access."
          confirmLabel="Disable integrator"
          onConfirm={() => change.mutate(true)}
          loading={change.isPending}
        >
          Disable integrator
        </ConfirmButton>
      )}
      <ErrorAlert error={change.error} w="100%" />
    </>
  );
}

function Webhook({ user }: { user: Integrator }) {
  return (
    <Stack component="section" aria-labelledby="webhook-heading">
      <Title order={3} size="h4" id="webhook-heading">
        Webhook
      </Title>
      <Paper withBorder p="sm">
        {user.webhookUrl ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Events are sent to <code>{user.webhookUrl}</code>, signed with a secret that only the integrator holds.
          </Text>
        ) : (
          <Text size="sm">No webhook: no events are sent.</Text>
        )}
        <Text size="sm" mt={4}>
          The integrator sets, rotates and tests it on their own Webhook page.
        </Text>
      </Paper>
    </Stack>
  );
}
