/**
 * Admin tokens (admin API, /api/admin/tokens): the credentials programs use
 * for the admin API. The secret is shown once at creation; the list never
 * holds it. Admins only: a token is as strong as the console's admin role.
 */
import { Badge, Select, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { adminTokensSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { when } from '../../ui/format.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
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
  const { search, page, setPage, refilter } = useUrlFilters(adminTokensSearch);
  const includeRevoked = search.includeRevoked ?? false;
  const tokens = useQuery({
    queryKey: [...TOKENS, includeRevoked, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/tokens', { params: { query: { page, pageSize: PAGE_SIZE, includeRevoked: includeRevoked ? 'true' : 'false' } } })),
    placeholderData: keepPrevious,
  });
  const revoke = useRowAction((tokenId: string) => unwrap(adminApi.POST('/api/admin/tokens/{tokenId}/revoke', { params: { path: { tokenId } } })), TOKENS);
  return (
    <QueryTable
      mt="lg"
      header={
        <>
          <Title order={3} size="h4">
            Tokens
          </Title>
          <Switch
            label="Show revoked tokens"
            checked={includeRevoked}
            onChange={(e) => refilter({ includeRevoked: e.currentTarget.checked || undefined })}
          />
        </>
      }
      list={tokens.data}
      error={tokens.error ?? revoke.error}
      label="Admin tokens"
      miw={860}
      rowKey={(t) => t.id}
      columns={[
        { header: 'Name', cell: (t) => t.name },
        { header: 'Id', td: { ff: 'monospace' }, cell: (t) => t.id },
        { header: 'Scope', cell: (t) => t.scope },
        { header: 'Created by', cell: (t) => t.createdBy },
        { header: 'Created', cell: (t) => when(t.createdAt) },
        { header: 'Last used', cell: (t) => when(t.lastUsedAt) },
        {
          header: 'State',
          cell: (t) => (
            <Badge variant="outline" color={t.revokedAt ? 'red.9' : 'dark'}>
              {t.revokedAt ? 'revoked' : 'active'}
            </Badge>
          ),
        },
        {
          header: ACTIONS,
          cell: (t) =>
            !t.revokedAt && (
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
            ),
        },
      ]}
      empty={<>No token{includeRevoked ? '' : ' in use'}.</>}
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Admin token pages' }}
    />
  );
}
