import { Badge, Checkbox, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ApiKeyPermission } from '../../api/paths.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { when } from '../../ui/format.js';
import { RoleGate } from '../../ui/role-gate.js';
import { KEY_PERMISSIONS } from '../../ui/permissions.js';

const KEYS = ['me', 'api-keys'] as const;

export function ApiKeysPage() {
  return (
    <RoleGate roles={['user']}>
      <Title order={2}>API keys</Title>
      <Text mt="xs">Programs call the Open API with these keys. A key is shown once, when it is created; Plume keeps only its hash.</Text>
      <CreateKey />
      <KeyList />
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

function KeyList() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => unwrap(consoleApi.GET('/api/console/me/api-keys')) });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(consoleApi.POST('/api/console/me/api-keys/{id}/revoke', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        Your keys
      </Title>
      <ErrorAlert error={keys.error ?? revoke.error} />
      {keys.isPending && <Text>Loading…</Text>}
      {keys.data && keys.data.apiKeys.length === 0 && <Text>No key yet.</Text>}
      {keys.data && keys.data.apiKeys.length > 0 && (
        <TableScroll label="API keys">
          <Table miw={720} aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Starts with</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.apiKeys.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td ff="monospace">{k.prefix}…</Table.Td>
                  <Table.Td>{k.permissions.join(', ')}</Table.Td>
                  <Table.Td>{when(k.createdAt)}</Table.Td>
                  <Table.Td>{when(k.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    {k.revokedAt ? (
                      <Badge color="dark" variant="outline">
                        revoked
                      </Badge>
                    ) : (
                      <Badge color="dark" variant="outline">
                        active
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!k.revokedAt && (
                      <ConfirmButton
                        size="xs"
                        question={`Revoke the key “${k.name}”?`}
                        details="Programs using it get 401 from the next request on. This cannot be undone."
                        confirmLabel="Revoke key"
                        onConfirm={() => revoke.mutate(k.id)}
                        aria-label={`Revoke ${k.name}`}
                      >
                        Revoke
                      </ConfirmButton>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
