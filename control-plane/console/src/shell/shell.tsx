/** The logged-in frame: header (menu button on phones, who is logged in, logout), navigation by role, the page. */
import { AppShell, Badge, Burger, Button, Group, NavLink, type NavLinkProps, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLink, Outlet, useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';
import { consoleApi, unwrap } from '../api/client.js';
import { isAdminSide, rememberMe } from '../auth.js';

/** Mantine's NavLink as an anchor the router drives (TanStack Router's createLink pattern). */
type NavAnchorProps = NavLinkProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof NavLinkProps>;
const NavAnchor = forwardRef<HTMLAnchorElement, NavAnchorProps>((props, ref) => <NavLink component="a" ref={ref} {...props} />);
const RouterNavLink = createLink(NavAnchor);

const USER_PAGES = [
  { to: '/', label: 'Home' },
  { to: '/keys', label: 'API keys' },
  { to: '/webhook', label: 'Webhook' },
  { to: '/history', label: 'Publish history' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/accounts', label: 'Platform accounts' },
  { to: '/articles', label: 'Articles' },
  { to: '/usage', label: 'Quota and usage' },
] as const;
const ADMIN_PAGES = [
  { to: '/', label: 'Home' },
  { to: '/users', label: 'Console users' },
  { to: '/integrators', label: 'Integrators' },
  { to: '/projects', label: 'License projects' },
  { to: '/codes', label: 'Activation codes' },
  { to: '/devices', label: 'Devices' },
  { to: '/sessions', label: 'Sessions' },
  { to: '/logs', label: 'Consumption logs' },
  { to: '/trend', label: 'Consumption trend' },
  { to: '/statistics', label: 'Statistics' },
  { to: '/version-bans', label: 'Version bans' },
  { to: '/security-events', label: 'Security events' },
  { to: '/jobs', label: 'Publish jobs' },
  { to: '/attention', label: 'Jobs needing attention' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/pacing', label: 'Pacing' },
  { to: '/webhook-deliveries', label: 'Webhook deliveries' },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/admin-tokens', label: 'Admin tokens' },
  { to: '/nodes', label: 'Nodes' },
  { to: '/node-tokens', label: 'Enrollment tokens' },
] as const;

export function Shell() {
  const { me } = useRouteContext({ from: '/app' });
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: () => unwrap(consoleApi.POST('/api/console/auth/logout')),
    onSettled: () => {
      rememberMe(queryClient, null);
      void navigate({ to: '/login', search: {} });
    },
  });
  const pages = [...(isAdminSide(me.user.role) ? ADMIN_PAGES : USER_PAGES), { to: '/account', label: 'Password and sessions' } as const];

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} aria-expanded={opened} aria-controls="console-navigation" />
            <Title order={1} size="h4">
              Plume console
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" truncate maw={240}>
              {me.user.name}
            </Text>
            <Badge variant="outline">
              {me.user.role}
            </Badge>
            <Button size="xs" variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="console-navigation" component="nav" aria-label="Console pages">
        {pages.map((p) => (
          <RouterNavLink key={p.to} to={p.to} label={p.label} active={pathname === p.to || pathname.startsWith(`${p.to}/`)} onClick={close} aria-current={pathname === p.to ? 'page' : undefined} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
