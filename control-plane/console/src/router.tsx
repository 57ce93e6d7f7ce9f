/**
 * The console's routes. Public: /login, /invite/$token. Everything else sits
 * under the `app` layout, which needs a session (else /login?next=…) and draws
 * the shell. Each page is its own chunk (lazyRouteComponent), so the first
 * page loads only the shell and itself.
 */
import { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { ApiError, whenUnauthenticated } from './api/client.js';
import { isAdminSide, ME_KEY, meQuery, rememberMe, type Me } from './auth.js';
import { NotFound } from './shell/not-found.js';
import { RouteError } from './shell/route-error.js';
import { Shell } from './shell/shell.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will answer the same again; only network trouble and 5xx are worth one more try.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { next?: string } => (typeof search.next === 'string' ? { next: search.next } : {}),
  component: lazyRouteComponent(() => import('./pages/login.js'), 'LoginPage'),
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite/$token',
  component: lazyRouteComponent(() => import('./pages/invite.js'), 'InvitePage'),
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }): Promise<{ me: Me }> => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/login', search: location.href === '/' ? {} : { next: location.href } });
    return { me };
  },
  component: Shell,
});

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: isAdminSide(context.me.user.role) ? '/users' : '/keys' });
  },
});

const keysRoute = createRoute({ getParentRoute: () => appRoute, path: 'keys', component: lazyRouteComponent(() => import('./pages/api-keys.js'), 'ApiKeysPage') });
const webhookRoute = createRoute({ getParentRoute: () => appRoute, path: 'webhook', component: lazyRouteComponent(() => import('./pages/webhook.js'), 'WebhookPage') });
const accountRoute = createRoute({ getParentRoute: () => appRoute, path: 'account', component: lazyRouteComponent(() => import('./pages/account.js'), 'AccountPage') });
const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users',
  component: lazyRouteComponent(() => import('./pages/console-users.js'), 'ConsoleUsersPage'),
});
const integratorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'integrators',
  component: lazyRouteComponent(() => import('./pages/integrators.js'), 'IntegratorsPage'),
});
const projectsRoute = createRoute({ getParentRoute: () => appRoute, path: 'projects', component: lazyRouteComponent(() => import('./pages/projects.js'), 'ProjectsPage') });

const routeTree = rootRoute.addChildren([
  loginRoute,
  inviteRoute,
  appRoute.addChildren([homeRoute, keysRoute, webhookRoute, accountRoute, usersRoute, integratorsRoute, projectsRoute]),
]);

export const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A session that ended elsewhere (expired, revoked from another browser): forget it and go to /login.
whenUnauthenticated(() => {
  if (queryClient.getQueryData(ME_KEY) == null) return;
  rememberMe(queryClient, null);
  void router.navigate({ to: '/login', search: {} });
});
