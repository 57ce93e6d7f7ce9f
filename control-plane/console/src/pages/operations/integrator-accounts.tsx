/**
 * An integrator's accounts as an admin sees them (GET /api/admin/users/{userId}/accounts,
 * removed ones included): their CMS sites, which an admin adds and removes,
 * and their platform accounts, which only the nodes holding them report.
 * A CMS site's URL and credentials are sealed on arrival and never come back.
 */
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, PasswordInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, unwrap } from '../../api/client.js';
import { ConfirmButton } from '../../ui/confirm-button.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { when } from '../../ui/format.js';
import { ACTIONS, DataTable, useRowAction } from '../../ui/query-table.js';
import { StateBadge } from '../../ui/state-badge.js';
import { useCanWrite } from '../../ui/use-role.js';
import { AccountEgressPanel } from '../../ui/egress.js';
import { HealthBadge } from '../../ui/health.js';
import { AdminAccountHealthPanel } from '../integrator/account-health.js';
import { PresetEditor } from '../integrator/account-presets.js';
import { type Integrator, integratorKey } from './integrator-plan.js';

const accountsKey = (userId: number) => [...integratorKey(userId), 'accounts'] as const;
const SITE_TYPES = [
  { value: 'wordpress', label: 'WordPress (REST API, application password)' },
  { value: 'metaweblog', label: 'MetaWeblog (XML-RPC)' },
];
type SiteType = 'wordpress' | 'metaweblog';

function useAccounts(userId: number) {
  return useQuery({
    queryKey: accountsKey(userId),
    queryFn: () => unwrap(adminApi.GET('/api/admin/users/{userId}/accounts', { params: { path: { userId } } })),
  });
}

export function CmsSites({ user }: { user: Integrator }) {
  const canWrite = useCanWrite();
  const accounts = useAccounts(user.id);
  const [showRemoved, setShowRemoved] = useState(false);
  const remove = useRowAction(
    (accountId: number) => unwrap(adminApi.DELETE('/api/admin/accounts/{accountId}', { params: { path: { accountId } } })),
    accountsKey(user.id),
  );
  const all = (accounts.data?.items ?? []).filter((a) => a.category === 'cms');
  const sites = showRemoved ? all : all.filter((a) => !a.removedAt);
  return (
    <Stack component="section" aria-labelledby="cms-heading">
      <Title order={3} size="h4" id="cms-heading">
        CMS sites
      </Title>
      <Text size="sm">
        WordPress and MetaWeblog sites the integrator publishes to through the web executor
        {user.plan.cmsEnabled ? '' : ' (their plan does not allow CMS publishing now)'}. The URL and credentials are sealed when saved and never shown again.
      </Text>
      {canWrite && <AddSite userId={user.id} />}
      <ErrorAlert error={accounts.error ?? remove.error} />
      <Switch label="Show removed sites" checked={showRemoved} onChange={(e) => setShowRemoved(e.currentTarget.checked)} />
      {accounts.data && sites.length === 0 && <Text>No CMS site{showRemoved ? '' : ' in use'}.</Text>}
      {sites.length > 0 && (
        <DataTable
          label="CMS sites"
          miw={640}
          rows={sites}
          rowKey={(s) => s.id}
          columns={[
            { header: 'Name', cell: (s) => s.displayName },
            { header: 'Type', cell: (s) => s.platform },
            { header: 'Account id', cell: (s) => s.id },
            { header: 'Added', cell: (s) => when(s.createdAt) },
            { header: 'State', cell: (s) => (s.removedAt ? <StateBadge state="removed" /> : <StateBadge state="in_use" />) },
            canWrite && {
              header: ACTIONS,
              cell: (s) =>
                !s.removedAt && (
                  <ConfirmButton
                    size="xs"
                    question={`Remove the CMS site “${s.displayName}”?`}
                    details="It is no longer listed to the integrator nor published to. Its sealed credentials stay unreadable; adding the site again needs them again."
                    confirmLabel="Remove site"
                    onConfirm={() => remove.mutate(s.id)}
                    aria-label={`Remove the CMS site ${s.displayName}`}
                  >
                    Remove
                  </ConfirmButton>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

function AddSite({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const empty = { type: 'wordpress' as SiteType, displayName: '', siteUrl: '', username: '', password: '' };
  const [site, setSite] = useState(empty);
  const set = (key: keyof typeof empty) => (value: string) => setSite((old) => ({ ...old, [key]: value }));
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        adminApi.POST('/api/admin/users/{userId}/cms-sites', {
          params: { path: { userId } },
          body: { ...site, displayName: site.displayName.trim(), siteUrl: site.siteUrl.trim(), username: site.username.trim() },
        }),
      ),
    onSuccess: () => {
      setSite(empty);
      void queryClient.invalidateQueries({ queryKey: accountsKey(userId) });
    },
    // The password is not kept in the page after an attempt either way.
    onSettled: () => setSite((old) => ({ ...old, password: '' })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} aria-label="Add a CMS site" autoComplete="off">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Site type" data={SITE_TYPES} value={site.type} onChange={(v) => v && set('type')(v)} allowDeselect={false} />
            <TextInput label="Site name" required maxLength={200} value={site.displayName} onChange={(e) => set('displayName')(e.currentTarget.value)} />
          </SimpleGrid>
          <TextInput
            label="Site URL"
            description={site.type === 'wordpress' ? 'The site\'s base URL, e.g. https://blog.example.com' : 'The XML-RPC endpoint, e.g. https://blog.example.com/xmlrpc.php'}
            required
            type="url"
            maxLength={2000}
            value={site.siteUrl}
            onChange={(e) => set('siteUrl')(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Site username" required maxLength={200} autoComplete="off" value={site.username} onChange={(e) => set('username')(e.currentTarget.value)} />
            <PasswordInput
              label="Site password"
              description={site.type === 'wordpress' ? 'An application password' : undefined}
              required
              maxLength={500}
              autoComplete="new-password"
              value={site.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <ErrorAlert error={add.error} />
          {add.isSuccess && (
            <Text size="sm" role="status">
              Site “{add.data.account.displayName}” added as account {add.data.account.id}.
            </Text>
          )}
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add site
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The content types whose preset sets anything (a preset saved empty is none). */
const presetTypes = (presets: Record<string, Record<string, unknown>>) =>
  Object.entries(presets)
    .filter(([, settings]) => Object.keys(settings).length > 0)
    .map(([type]) => type);

export function PlatformAccounts({ userId }: { userId: number }) {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const accounts = useAccounts(userId);
  const [showRemoved, setShowRemoved] = useState(false);
  const [healthOf, setHealthOf] = useState<{ id: number; displayName: string; platform: string } | null>(null);
  const [egressOf, setEgressOf] = useState<{ id: number; displayName: string; platform: string } | null>(null);
  const all = (accounts.data?.items ?? []).filter((a) => a.category === 'content');
  const list = showRemoved ? all : all.filter((a) => !a.removedAt);
  return (
    <Stack component="section" aria-labelledby="accounts-heading">
      <Title order={3} size="h4" id="accounts-heading">
        Platform accounts
      </Title>
      <Text size="sm">
        Accounts on the content platforms, as the nodes holding their logged-in browsers report them (only a node adds one, and says whether it is logged in). <strong>Health</strong>{' '}
        shows how an account is doing with its platform and the signals behind it{canWrite ? '; an admin restricts or clears it there' : ''}. <strong>Egress</strong> is the
        network its jobs start from and its changes: platforms ask an account seen from a new network to verify.
      </Text>
      <ErrorAlert error={accounts.error} />
      <Switch label="Show removed accounts" checked={showRemoved} onChange={(e) => setShowRemoved(e.currentTarget.checked)} />
      {accounts.data && list.length === 0 && <Text>No platform account{showRemoved ? '' : ' in use'}.</Text>}
      {list.length > 0 && (
        <DataTable
          label="Platform accounts"
          miw={1160}
          rows={list}
          rowKey={(a) => a.id}
          columns={[
            { header: 'Name', cell: (a) => a.displayName },
            { header: 'Platform', cell: (a) => a.platform },
            { header: 'Executor', cell: (a) => a.executor },
            { header: 'Node', td: { ff: 'monospace' }, cell: (a) => a.nodeId ?? '—' },
            { header: 'Login', cell: (a) => <StateBadge state={a.loginState} /> },
            {
              header: 'Health',
              cell: (a) =>
                a.health && !a.removedAt ? (
                  <Group gap="xs" wrap="nowrap">
                    <HealthBadge state={a.health.state} />
                    <Button size="xs" variant="default" aria-label={`Health of ${a.displayName} (${a.platform})`} onClick={() => setHealthOf({ id: a.id, displayName: a.displayName, platform: a.platform })}>
                      Health
                    </Button>
                  </Group>
                ) : (
                  '—'
                ),
            },
            {
              header: 'Egress',
              cell: (a) =>
                a.egress ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace" title={a.egress.lastChange ? `changed ${when(a.egress.lastChange.at)} from ${a.egress.lastChange.from}` : undefined}>
                      {a.egress.network ?? '—'}
                    </Text>
                    <Button size="xs" variant="default" aria-label={`Egress of ${a.displayName} (${a.platform})`} onClick={() => setEgressOf({ id: a.id, displayName: a.displayName, platform: a.platform })}>
                      Egress
                    </Button>
                  </Group>
                ) : (
                  '—'
                ),
            },
            {
              header: 'Presets',
              cell: (a) => (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{presetTypes(a.presets).join(', ') || '—'}</Text>
                  {canWrite && !a.removedAt && <PresetEditor account={a} onSaved={() => void queryClient.invalidateQueries({ queryKey: accountsKey(userId) })} />}
                </Group>
              ),
            },
            { header: 'Reported', cell: (a) => when(a.createdAt) },
            {
              header: 'State',
              cell: (a) => (a.removedAt ? <StateBadge state="removed" /> : a.paired ? <StateBadge state="in_use" /> : <StateBadge state="unpaired" />),
            },
          ]}
        />
      )}
      {egressOf && <AccountEgressPanel account={egressOf} onClose={() => setEgressOf(null)} />}
      {healthOf && (
        <AdminAccountHealthPanel account={healthOf} onClose={() => setHealthOf(null)} onChanged={() => void queryClient.invalidateQueries({ queryKey: accountsKey(userId) })} />
      )}
    </Stack>
  );
}
