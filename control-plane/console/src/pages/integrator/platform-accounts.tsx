import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi, unwrap } from '../../api/client.js';
import type { ConsolePaths } from '../../api/paths.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { ACTIONS, DataTable } from '../../ui/query-table.js';
import { RoleGate } from '../../ui/role-gate.js';
import { StateBadge } from '../../ui/state-badge.js';
import { HealthBadge } from '../../ui/health.js';
import { AccountHealthPanel } from './account-health.js';
import { AccountLogin } from './account-login.js';
import { AccountPacingPanel } from './account-pacing.js';
import { NewAccountLogin } from './new-account-login.js';

type Account = ConsolePaths['/api/console/me/accounts']['get']['responses'][200]['content']['application/json']['accounts'][number];

/** Login states change when a node reports them: the page keeps up while it is open. */
const REFRESH_MS = 10_000;
/** After a login ends logged in, its node reports the account within seconds: the list looks more often meanwhile. */
const AFTER_LOGIN_REFRESH_MS = 1_000;
const AFTER_LOGIN_WINDOW_MS = 30_000;

const EXECUTOR_TEXT: Record<string, string> = {
  edge: 'Edge nodes (Linux servers of yours)',
  desktop: 'Desktop application',
  web: 'Plume\'s web executor',
};

interface Group {
  key: string;
  executor: string;
  node: Account['node'];
  accounts: Account[];
}

/** Executor first, then the node; CMS sites (no node: they run in the service) form their own group. */
function grouped(accounts: readonly Account[]): Group[] {
  const groups = new Map<string, Group>();
  for (const a of accounts) {
    const executor = a.executor ?? 'unrouted';
    const key = `${executor}/${a.node?.id ?? (a.category === 'cms' ? 'cms' : 'none')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, executor, node: a.node, accounts: [] }));
    g.accounts.push(a);
  }
  return [...groups.values()].sort((x, y) => x.executor.localeCompare(y.executor) || (x.node?.name ?? '').localeCompare(y.node?.name ?? ''));
}

export function PlatformAccountsPage() {
  const [fastUntil, setFastUntil] = useState(0);
  const accounts = useQuery({
    queryKey: ['me', 'accounts'],
    queryFn: () => unwrap(consoleApi.GET('/api/console/me/accounts')),
    refetchInterval: () => (Date.now() < fastUntil ? AFTER_LOGIN_REFRESH_MS : REFRESH_MS),
  });
  const [loggingIn, setLoggingIn] = useState<Account | null>(null);
  const [newLogin, setNewLogin] = useState(false);
  const [pacingOf, setPacingOf] = useState<Account | null>(null);
  const [healthOf, setHealthOf] = useState<Account | null>(null);
  return (
    <RoleGate roles={['user']}>
      <Group justify="space-between" align="end" wrap="wrap" gap="xs">
        <Title order={2}>Platform accounts</Title>
        <Button onClick={() => setNewLogin(true)}>Log in a new account</Button>
      </Group>
      <Text mt="xs">
        Your accounts on the platforms and your CMS sites, by where they publish from. An account lives on one node, which holds its browser profile and reports its login state;
        where the node can open the platform's login page, <strong>Log in</strong> shows that page here, live. <strong>Log in a new account</strong> does the same on a node
        and platform of your choice. <strong>Pacing</strong> shows how fast an account may publish and lets you set its own pace. <strong>Health</strong> shows how the account is doing with its platform
        (ok, watch, cooling, restricted) and the signals behind it.
      </Text>
      <ErrorAlert error={accounts.error} mt="md" />
      {accounts.data && accounts.data.accounts.length === 0 && <Text mt="md">No account yet: accounts appear here once a node of yours reports them, or once you log one in.</Text>}
      <Stack mt="md">
        {accounts.data &&
          grouped(accounts.data.accounts).map((g) => {
            const title = g.node ? `${g.node.name}` : g.key.endsWith('/cms') ? 'CMS sites' : 'Not on a node';
            const label = `Accounts: ${EXECUTOR_TEXT[g.executor] ?? g.executor}, ${title}`;
            return (
              <Paper withBorder p="md" key={g.key} component="section" aria-label={label}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text size="xs" fw={700}>
                      {EXECUTOR_TEXT[g.executor] ?? g.executor}
                    </Text>
                    <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Title>
                  </div>
                  {g.node && (
                    <Group gap="xs">
                      <Badge variant="outline" color={g.node.online ? 'dark' : 'red.9'}>
                        {g.node.online ? 'online' : 'offline'}
                      </Badge>
                      {g.node.status !== 'active' && <StateBadge state={g.node.status} />}
                      <Text size="xs" ff="monospace">
                        {g.node.id}
                      </Text>
                    </Group>
                  )}
                </Group>
                <DataTable
                  label={label}
                  regionLabel={`${label}, table`}
                  miw={800}
                  mt="sm"
                  rows={g.accounts}
                  rowKey={(a) => a.id}
                  columns={[
                    { header: 'Id', cell: (a) => a.id },
                    { header: 'Account', cell: (a) => a.displayName },
                    { header: 'Platform', cell: (a) => a.platformName },
                    {
                      header: 'Login',
                      cell: (a) => (a.category === 'cms' ? '—' : <StateBadge state={a.loginState} />),
                    },
                    {
                      header: 'Health',
                      cell: (a) => (a.health ? <HealthBadge state={a.health.state} /> : '—'),
                    },
                    {
                      header: 'Publishes',
                      cell: (a) => (
                        <>
                          {a.publishable ? a.contentTypes.join(', ') : 'not now'}
                          {a.reasons.map((r) => (
                            <Text size="xs" key={r.code}>
                              {r.message}
                            </Text>
                          ))}
                        </>
                      ),
                    },
                    {
                      header: ACTIONS,
                      cell: (a) => (
                        <Group gap="xs" wrap="nowrap">
                          {a.canLogIn && (
                            <Button size="xs" variant="default" aria-label={`Log in ${a.displayName} (${a.platformName}) again`} onClick={() => setLoggingIn(a)}>
                              Log in
                            </Button>
                          )}
                          {a.category !== 'cms' && (
                            <Button size="xs" variant="default" aria-label={`Pacing of ${a.displayName} (${a.platformName})`} onClick={() => setPacingOf(a)}>
                              Pacing
                            </Button>
                          )}
                          {a.category !== 'cms' && (
                            <Button size="xs" variant="default" aria-label={`Health of ${a.displayName} (${a.platformName})`} onClick={() => setHealthOf(a)}>
                              Health
                            </Button>
                          )}
                        </Group>
                      ),
                    },
                  ]}
                />
              </Paper>
            );
          })}
      </Stack>
      {loggingIn && <AccountLogin account={loggingIn} onClose={() => setLoggingIn(null)} />}
      {pacingOf && <AccountPacingPanel account={pacingOf} onClose={() => setPacingOf(null)} />}
      {healthOf && <AccountHealthPanel account={{ id: healthOf.id, displayName: healthOf.displayName, platform: healthOf.platformName }} onClose={() => setHealthOf(null)} />}
      {newLogin && <NewAccountLogin onSucceeded={() => setFastUntil(Date.now() + AFTER_LOGIN_WINDOW_MS)} onClose={() => setNewLogin(false)} />}
    </RoleGate>
  );
}
