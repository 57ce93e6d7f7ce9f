/**
 * Enrollment tokens for execution nodes: an admin makes one (kind, name, the
 * users the node will serve, or every user for a web node) and sees it once;
 * the list shows every token's state without the token itself, paged by the
 * server; a token not used yet can be revoked (asked first).
 */
import { Anchor, Badge, Checkbox, Code, SegmentedControl, Select, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { nodeTokensSearch } from '../../list-search.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { CreateSecretForm } from '../../ui/create-secret-form.js';
import { when } from '../../ui/format.js';
import { parseUserIds } from '../../ui/node-state.js';
import { ACTIONS, keepPrevious, QueryTable, useRowAction } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { useUrlFilters } from '../../ui/url-filters.js';
import { useCanWrite } from '../../ui/use-role.js';

const RouterAnchor = createLink(Anchor);
const TOKENS = ['admin', 'node-tokens'] as const;
const PAGE_SIZE = 20;
type Kind = 'edge' | 'desktop' | 'web';

export function NodeTokensPage() {
  const canWrite = useCanWrite();
  return (
    <RoleGate roles={['admin', 'viewer']}>
      <Title order={2}>Enrollment tokens</Title>
      <Text mt="xs">
        A node joins with a single-use token valid for 15 minutes (<code>plume-edge enroll --url … --token …</code>). Only its hash is stored: it is shown once, when made.
        Enrolled nodes are on the <RouterAnchor to="/nodes">Nodes</RouterAnchor> page.
      </Text>
      {canWrite ? <CreateToken /> : <Text mt="md">You have read-only access: making and revoking tokens need the admin role.</Text>}
      <TokenList canWrite={canWrite} />
    </RoleGate>
  );
}

function CreateToken() {
  const [kind, setKind] = useState<Kind>('edge');
  const [users, setUsers] = useState('');
  const [allUsers, setAllUsers] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const everyone = kind === 'web' && allUsers;
  const parsed = parseUserIds(users);
  const check = () => {
    if ('bad' in parsed) setTyped(`“${parsed.bad}” is not a user id: user ids are whole numbers from 1.`);
    else if (!everyone && parsed.ids.length === 0) setTyped(kind === 'web' ? 'Type one or more user ids, or choose every user.' : 'Type one or more user ids.');
    else setTyped(null);
    return !('bad' in parsed) && (everyone || parsed.ids.length > 0);
  };
  const served = everyone ? { allUsers: true as const } : { userIds: 'ids' in parsed ? parsed.ids : [] };
  return (
    <CreateSecretForm
      heading="New enrollment token"
      nameLabel="Node name"
      nameDescription="How lists name the node"
      nameMaxLength={200}
      submitLabel="Create enrollment token"
      check={check}
      create={(name) => unwrap(adminApi.POST('/api/admin/nodes/enrollment-tokens', { body: { kind, name, ...served } }))}
      invalidate={TOKENS}
      onCreated={() => {
        setUsers('');
        setAllUsers(false);
      }}
      reveal={(made) => ({
        title: `Enrollment token for “${made.name}”`,
        label: 'Enrollment token',
        value: made.token,
        extra: (
          <>
            <Text size="sm">On the node, before {when(made.expiresAt)}:</Text>
            <Code block aria-label="Enrollment command" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{`plume-edge enroll --url ${window.location.origin} --token ${made.token}`}</Code>
          </>
        ),
      })}
      placement="instead"
      leading={
        <div>
          <Text size="sm" fw={500} id="token-kind-label">
            Node kind
          </Text>
          <SegmentedControl aria-labelledby="token-kind-label" aria-describedby="token-kind-help" value={kind} onChange={(v) => setKind(v as Kind)} data={['edge', 'desktop', 'web']} />
          <Text size="xs" id="token-kind-help" mt={4}>
            edge: a Linux server running plume-edge; desktop: the desktop client; web: the operator&apos;s web pool
          </Text>
        </div>
      }
    >
      <TextInput
        label="User ids it will serve"
        description="Separated by commas or spaces; can be changed after enrollment"
        maxLength={1200}
        value={users}
        onChange={(e) => setUsers(e.currentTarget.value)}
        disabled={everyone}
        error={typed}
      />
      {kind === 'web' && <Checkbox label="Serve every user, present and future (the web pool)" checked={allUsers} onChange={(e) => setAllUsers(e.currentTarget.checked)} />}
    </CreateSecretForm>
  );
}

function TokenList({ canWrite }: { canWrite: boolean }) {
  const { search, page, setPage, choose } = useUrlFilters(nodeTokensSearch);
  const { state } = search;
  const tokens = useQuery({
    queryKey: [...TOKENS, state, page],
    queryFn: () => unwrap(adminApi.GET('/api/admin/nodes/enrollment-tokens', { params: { query: { state, page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPrevious,
  });
  const revoke = useRowAction(
    (tokenId: string) => unwrap(adminApi.POST('/api/admin/nodes/enrollment-tokens/{tokenId}/revoke', { params: { path: { tokenId } } })),
    TOKENS,
  );
  return (
    <QueryTable
      mt="lg"
      header={
        <Title order={3} size="h4">
          Tokens
        </Title>
      }
      filters={<Select label="State" placeholder="Any" clearable data={['pending', 'used', 'expired', 'revoked']} value={state ?? null} onChange={choose('state')} w={160} />}
      list={tokens.data}
      error={tokens.error ?? revoke.error}
      label="Enrollment tokens"
      miw={1000}
      rowKey={(t) => t.id}
      columns={[
        { header: 'Name', cell: (t) => t.name },
        { header: 'Kind', cell: (t) => t.kind },
        { header: 'Users', cell: (t) => (t.allUsers ? 'every user' : t.userIds.join(', ')) },
        {
          header: 'State',
          cell: (t) => (
            <Badge variant="outline" color={t.state === 'pending' || t.state === 'used' ? 'dark' : 'red.9'}>
              {t.state}
            </Badge>
          ),
        },
        { header: 'Created', cell: (t) => when(t.createdAt) },
        { header: 'Expires', cell: (t) => when(t.expiresAt) },
        {
          header: 'Node',
          cell: (t) =>
            t.nodeId ? (
              <RouterAnchor to="/nodes/$nodeId" params={{ nodeId: t.nodeId }}>
                <code>{t.nodeId}</code>
              </RouterAnchor>
            ) : (
              '—'
            ),
        },
        { header: 'Id', td: { ff: 'monospace' }, cell: (t) => t.id },
        canWrite && {
          header: ACTIONS,
          cell: (t) =>
            t.state === 'pending' && (
              <ConfirmButton
                size="xs"
                question={`Revoke the token “${t.name}”?`}
                details="A node enrolling with it from now on is refused."
                confirmLabel="Revoke token"
                onConfirm={() => revoke.mutate(t.id)}
                aria-label={`Revoke token ${t.name}`}
              >
                Revoke
              </ConfirmButton>
            ),
        },
      ]}
      empty="No token matches."
      paging={{ page, pageSize: PAGE_SIZE, onChange: setPage, label: 'Token pages' }}
    />
  );
}
