/** An integrator's Open API keys, as an admin sees them: the list with last use, a new key (shown once), revocation. */
import { Badge, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { KEY_PERMISSIONS, type KeyPermission } from '../../ui/permissions.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useCanWrite } from '../../ui/use-role.js';
import { type Integrator, integratorKey } from './integrator-plan.js';

const keysKey = (userId: number) => [...integratorKey(userId), 'api-keys'] as const;

export function IntegratorKeys({ user }: { user: Integrator }) {
  const canWrite = useCanWrite();
  return (
    <Stack component="section" aria-labelledby="keys-heading">
      <Title order={3} size="h4" id="keys-heading">
        API keys
      </Title>
      <Text size="sm">A key is shown once, when it is created; Plume keeps only its hash. A key may do at most what the plan allows.</Text>
      {canWrite && <CreateKey user={user} />}
      <KeyList userId={user.id} canWrite={canWrite} />
    </Stack>
  );
}

function CreateKey({ user }: { user: Integrator }) {
  const [permissions, setPermissions] = useState<KeyPermission[]>(() => [...user.plan.permissions]);
  // A new plan resets the permissions to it; the key just shown stays.
  const plan = user.plan.permissions.join();
  const [planSeen, setPlanSeen] = useState(plan);
  if (plan !== planSeen) {
    setPlanSeen(plan);
    setPermissions([...user.plan.permissions]);
  }
  return (
    <CreateSecretForm
      formLabel="Create a key"
      nameLabel="Key name"
      nameDescription="To recognize it later, e.g. the program that uses it"
      nameMaxLength={100}
      submitLabel="Create key"
      create={(name) => unwrap(adminApi.POST('/api/admin/users/{userId}/api-keys', { params: { path: { userId: user.id } }, body: { name, permissions } }))}
      invalidate={keysKey(user.id)}
      reveal={({ apiKey }) => ({ title: `New API key of ${user.name}`, label: 'New API key', value: apiKey.key })}
      mt={0}
    >
      <Checkbox.Group label="Key permissions" value={permissions} onChange={(v) => setPermissions(v as KeyPermission[])}>
        <Stack gap={6} mt={6}>
          {KEY_PERMISSIONS.map((p) => (
            <Checkbox key={p.value} value={p.value} label={p.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    </CreateSecretForm>
  );
}

function KeyList({ userId, canWrite }: { userId: number; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: keysKey(userId),
    queryFn: () => unwrap(adminApi.GET('/api/admin/users/{userId}/api-keys', { params: { path: { userId } } })),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => unwrap(adminApi.POST('/api/admin/api-keys/{keyId}/revoke', { params: { path: { keyId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey(userId) }),
  });
  return (
    <Stack>
      <ErrorAlert error={keys.error ?? revoke.error} />
      {keys.isPending && <Text>Loading…</Text>}
      {keys.data && keys.data.items.length === 0 && <Text>No key yet.</Text>}
      {keys.data && keys.data.items.length > 0 && (
        <TableScroll label="API keys">
          <Table miw={760} aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Starts with</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.items.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td ff="monospace">{k.keyPrefix}…</Table.Td>
                  <Table.Td>{k.permissions.join(', ') || 'none'}</Table.Td>
                  <Table.Td>{when(k.createdAt)}</Table.Td>
                  <Table.Td>{when(k.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={k.revokedAt ? 'red.9' : 'dark'} variant="outline">
                      {k.revokedAt ? 'revoked' : 'active'}
                    </Badge>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {!k.revokedAt && (
                        <ConfirmButton
                          size="xs"
                          question={`Revoke the key “${k.name}”?`}
                          details="Programs using it get 401 from the next request on, on every replica. This cannot be undone."
                          confirmLabel="Revoke key"
                          onConfirm={() => revoke.mutate(k.id)}
                          aria-label={`Revoke the key ${k.name}`}
                        >
                          Revoke
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
    </Stack>
  );
}
