/**
 * Admin tokens (admin API, /api/admin/tokens): the credentials programs use
 * for the admin API. The secret is shown once at creation; the list never
 * holds it. Admins only: a token is as strong as the console's admin role.
 */
import { Badge, Select, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { adminTokensSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { Pager } from '../../ui/pager.js';
import { RoleGate } from '../../ui/role-gate.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useUrlFilters } from '../../ui/url-filters.js';

const TOKENS = ['admin', 'tokens'] as const;
const PAGE_SIZE = 20;
type Scope = 'read' | 'write';
const SCOPES: { value: Scope; label: string }[] = [
  { value: 'read', label: 'read: GET requests only' },
  { value: 'write', label: 'write: everything, managing tokens included' },
];

export function AdminTokensPage() {
  return (
    <RoleGate roles={['admin']}>
      <Title order={2}>Admin tokens</Title>
      <Text mt="xs">
        Programs call the admin API with an admin token as <code>Authorization: Bearer</code>. A token is shown once, when it is created; Plume keeps only its hash. Every
        write made with it is recorded in the audit log under its id.
      </Text>
      <CreateToken />
      <TokenList />
    </RoleGate>
  );
}

function CreateToken() {
  const [scope, setScope] = useState<Scope>('read');
  return (
    <CreateSecretForm
      heading="Create a token"
      formLabel="Create an admin token"
      nameLabel="Token name"
      nameDescription="To recognize it later, e.g. the program that uses it"
      nameMaxLength={200}
      submitLabel="Create token"
      create={(name) => unwrap(adminApi.POST('/api/admin/tokens', { body: { name, scope } }))}
      invalidate={TOKENS}
      reveal={({ secret }) => ({ title: 'Your new admin token', label: 'New admin token', value: secret })}
    >
      <Select label="Scope" data={SCOPES} value={scope} onChange={(v) => v && setScope(v as Scope)} allowDeselect={false} />
    </CreateSecretForm>
  );
}

function TokenList() {
  const queryClient = useQueryClient();
  const { search, page, setPage, refilter } = useUrlFilters(adminTokensSearch);
  const includeRevoked = search.includeRevoked ?? false;
  const tokens = useQuery({
    queryKey: [...TOKENS, includeRevoked, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/tokens', { params: { query: { page, pageSize: PAGE_SIZE, includeRevoked: includeRevoked ? 'true' : 'false' } } })),
    placeholderData: (previous) => previous,
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => unwrap(adminApi.POST('/api/admin/tokens/{tokenId}/revoke', { params: { path: { tokenId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS }),
  });
  return (
    <Stack mt="lg">
      <Title order={3} size="h4">
        Tokens
      </Title>
      <Switch
        label="Show revoked tokens"
        checked={includeRevoked}
        onChange={(e) => refilter({ includeRevoked: e.currentTarget.checked || undefined })}
      />
      <ErrorAlert error={tokens.error ?? revoke.error} />
      {tokens.data && tokens.data.items.length === 0 && <Text>No token{includeRevoked ? '' : ' in use'}.</Text>}
      {tokens.data && tokens.data.items.length > 0 && (
        <TableScroll label="Admin tokens">
          <Table miw={860} aria-label="Admin tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Id</Table.Th>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Created by</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td ff="monospace">{t.id}</Table.Td>
                  <Table.Td>{t.scope}</Table.Td>
                  <Table.Td>{t.createdBy}</Table.Td>
                  <Table.Td>{when(t.createdAt)}</Table.Td>
                  <Table.Td>{when(t.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={t.revokedAt ? 'red.9' : 'dark'}>
                      {t.revokedAt ? 'revoked' : 'active'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {!t.revokedAt && (
                      <ConfirmButton
                        size="xs"
                        question={`Revoke the admin token “${t.name}”?`}
                        details="Programs using it are refused (401) from their next request on. This cannot be undone."
                        confirmLabel="Revoke token"
                        onConfirm={() => revoke.mutate(t.id)}
                        aria-label={`Revoke the token ${t.name}`}
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
      {tokens.data && <Pager page={page} pageSize={PAGE_SIZE} total={tokens.data.total} onChange={setPage} label="Admin token pages" />}
    </Stack>
  );
}
