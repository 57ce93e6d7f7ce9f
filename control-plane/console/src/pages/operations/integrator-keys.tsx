/** An integrator's Open API keys, as an admin sees them: the list with last use, a new key (shown once), revocation. */
import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { KeyList } from '../../ui/key-list.js';
import { KEY_PERMISSIONS, type KeyPermission } from '../../ui/permissions.js';
import { useRowAction } from '../../ui/query-table.js';
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
      <Keys userId={user.id} canWrite={canWrite} />
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

function Keys({ userId, canWrite }: { userId: number; canWrite: boolean }) {
  const keys = useQuery({
    queryKey: keysKey(userId),
    queryFn: () => unwrap(adminApi.GET('/api/admin/users/{userId}/api-keys', { params: { path: { userId } } })),
  });
  const revoke = useRowAction((keyId: string) => unwrap(adminApi.POST('/api/admin/api-keys/{keyId}/revoke', { params: { path: { keyId } } })), keysKey(userId));
  return (
    <KeyList
      keys={keys.data?.items}
      error={keys.error ?? revoke.error}
      onRevoke={canWrite ? (id) => revoke.mutate(id) : undefined}
      revokeDetails="Programs using it get 401 from the next request on, on every replica. This cannot be undone."
      miw={760}
    />
  );
}
