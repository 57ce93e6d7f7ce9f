import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ApiKeyPermission } from '../../api/paths.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { KeyList } from '../../ui/key-list.js';
import { useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { KEY_PERMISSIONS } from '../../ui/permissions.js';

const KEYS = ['me', 'api-keys'] as const;

export function ApiKeysPage() {
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>API keys</Title>
      <Text mt="xs">Programs call the Open API with these keys. A key is shown once, when it is created; Plume keeps only its hash.</Text>
      <CreateKey />
      <Keys />
    </RoleGate>
  );
}

function CreateKey() {
  const keys = useQuery({ queryKey: KEYS, queryFn: () => unwrap(consoleApi.GET('/api/console/me/api-keys')) });
  if (!keys.data) return null;
  return <CreateKeyForm planPermissions={keys.data.planPermissions} />;
}

/**
 * A new key starts with every permission the plan allows (what the API gives a key that names none):
 * a first key made without a look at the boxes can do what the plan pays for. Permissions outside the
 * plan are shown, disabled, so the person sees what exists and why they cannot tick it.
 */
function CreateKeyForm({ planPermissions }: { planPermissions: readonly ApiKeyPermission[] }) {
  const [permissions, setPermissions] = useState<string[]>(() => [...planPermissions]);
  // A plan changed by an admin resets the boxes to it; the key just shown stays.
  const plan = planPermissions.join();
  const [planSeen, setPlanSeen] = useState(plan);
  if (plan !== planSeen) {
    setPlanSeen(plan);
    setPermissions([...planPermissions]);
  }
  const allowed = new Set<string>(planPermissions);
  return (
    <CreateSecretForm
      heading="Create a key"
      nameLabel="Key name"
      nameDescription="To recognize it later, e.g. the program that uses it"
      nameMaxLength={100}
      submitLabel="Create key"
      create={(name) => unwrap(consoleApi.POST('/api/console/me/api-keys', { body: { name, permissions: permissions as ApiKeyPermission[] } }))}
      invalidate={KEYS}
      reveal={({ apiKey }) => ({ title: 'Your new API key', label: 'New API key', value: apiKey.key })}
    >
      <Checkbox.Group label="Permissions" description="Everything your plan allows is ticked; untick what this key does not need" value={permissions} onChange={setPermissions}>
        <Stack gap={6} mt={6}>
          {KEY_PERMISSIONS.map((p) => (
            <Checkbox key={p.value} value={p.value} label={allowed.has(p.value) ? p.label : `${p.label} (not in your plan)`} disabled={!allowed.has(p.value)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </CreateSecretForm>
  );
}

function Keys() {
  const keys = useQuery({ queryKey: KEYS, queryFn: () => unwrap(consoleApi.GET('/api/console/me/api-keys')) });
  const revoke = useRowAction((id: string) => unwrap(consoleApi.POST('/api/console/me/api-keys/{id}/revoke', { params: { path: { id } } })), KEYS);
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        Your keys
      </Title>
      <KeyList
        keys={keys.data?.apiKeys}
        error={keys.error ?? revoke.error}
        onRevoke={(id) => revoke.mutate(id)}
        revokeDetails="Programs using it get 401 from the next request on. This cannot be undone."
        miw={720}
      />
    </Stack>
  );
}
