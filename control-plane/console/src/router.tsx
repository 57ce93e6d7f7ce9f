/**
 * The console's routes. Public: /login, /invite/$token. Everything else sits
 * under the `app` layout, which needs a session (else /login?next=…) and draws
 * the shell. Each page is its own chunk (lazyRouteComponent), so the first
 * page loads only the shell and itself.
 */
import { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { ApiError, whenUnauthenticated } from './api/client.js';
import { ME_KEY, meQuery, rememberMe, type Me } from './auth.js';
import { historySearch, type HistorySearch } from './history-search.js';
import {
  adminTokensSearch,
  auditLogSearch,
  codesSearch,
  versionBansSearch,
  articlesSearch,
  devicesSearch,
  jobsSearch,
  logsSearch,
  nodeTokensSearch,
  nodesSearch,
  pageSearch,
  scheduleSearch,
  securityEventsSearch,
  sessionsSearch,
  webhookDeliveriesSearch,
} from './list-search.js';
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
  component: lazyRouteComponent(() => import('./pages/me/login.js'), 'LoginPage'),
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite/$token',
  component: lazyRouteComponent(() => import('./pages/me/invite.js'), 'InvitePage'),
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

/** The landing page of every role: what needs a look now and the last 24 hours (pages/home.tsx). */
const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: lazyRouteComponent(() => import('./pages/home.js'), 'HomePage') });

const keysRoute = createRoute({ getParentRoute: () => appRoute, path: 'keys', component: lazyRouteComponent(() => import('./pages/integrator/api-keys.js'), 'ApiKeysPage') });
const webhookRoute = createRoute({ getParentRoute: () => appRoute, path: 'webhook', component: lazyRouteComponent(() => import('./pages/integrator/webhook.js'), 'WebhookPage') });
const historyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'history',
  validateSearch: (search: Record<string, unknown>): HistorySearch => historySearch(search),
  component: lazyRouteComponent(() => import('./pages/integrator/publish-history.js'), 'PublishHistoryPage'),
});
const batchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'history/$batchId',
  component: lazyRouteComponent(() => import('./pages/integrator/batch.js'), 'BatchPage'),
});
const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts',
  component: lazyRouteComponent(() => import('./pages/integrator/platform-accounts.js'), 'PlatformAccountsPage'),
});
const articlesRoute = createRoute({ getParentRoute: () => appRoute, path: 'articles', validateSearch: articlesSearch, component: lazyRouteComponent(() => import('./pages/integrator/articles.js'), 'ArticlesPage') });
const usageRoute = createRoute({ getParentRoute: () => appRoute, path: 'usage', component: lazyRouteComponent(() => import('./pages/integrator/usage.js'), 'UsagePage') });
const accountRoute = createRoute({ getParentRoute: () => appRoute, path: 'account', component: lazyRouteComponent(() => import('./pages/me/account.js'), 'AccountPage') });
const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users',
  validateSearch: pageSearch,
  component: lazyRouteComponent(() => import('./pages/operations/console-users.js'), 'ConsoleUsersPage'),
});
const integratorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'integrators',
  validateSearch: pageSearch,
  component: lazyRouteComponent(() => import('./pages/operations/integrators.js'), 'IntegratorsPage'),
});
const projectsRoute = createRoute({ getParentRoute: () => appRoute, path: 'projects', validateSearch: pageSearch, component: lazyRouteComponent(() => import('./pages/license/projects.js'), 'ProjectsPage') });
const codesRoute = createRoute({ getParentRoute: () => appRoute, path: 'codes', validateSearch: codesSearch, component: lazyRouteComponent(() => import('./pages/license/codes.js'), 'CodesPage') });
const devicesRoute = createRoute({ getParentRoute: () => appRoute, path: 'devices', validateSearch: devicesSearch, component: lazyRouteComponent(() => import('./pages/license/devices.js'), 'DevicesPage') });
const sessionsRoute = createRoute({ getParentRoute: () => appRoute, path: 'sessions', validateSearch: sessionsSearch, component: lazyRouteComponent(() => import('./pages/license/sessions.js'), 'SessionsPage') });
const logsRoute = createRoute({ getParentRoute: () => appRoute, path: 'logs', validateSearch: logsSearch, component: lazyRouteComponent(() => import('./pages/license/logs.js'), 'LogsPage') });
const trendRoute = createRoute({ getParentRoute: () => appRoute, path: 'trend', component: lazyRouteComponent(() => import('./pages/license/trend.js'), 'TrendPage') });
const statisticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'statistics',
  component: lazyRouteComponent(() => import('./pages/license/statistics.js'), 'StatisticsPage'),
});
const versionBansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'version-bans',
  validateSearch: versionBansSearch,
  component: lazyRouteComponent(() => import('./pages/license/version-bans.js'), 'VersionBansPage'),
});
const securityEventsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'security-events',
  validateSearch: securityEventsSearch,
  component: lazyRouteComponent(() => import('./pages/license/security-events.js'), 'SecurityEventsPage'),
});
const jobsRoute = createRoute({ getParentRoute: () => appRoute, path: 'jobs', validateSearch: jobsSearch, component: lazyRouteComponent(() => import('./pages/operations/jobs.js'), 'JobsPage') });
const jobRoute = createRoute({ getParentRoute: () => appRoute, path: 'jobs/$jobId', component: lazyRouteComponent(() => import('./pages/operations/job.js'), 'JobPage') });
const attentionRoute = createRoute({ getParentRoute: () => appRoute, path: 'attention', validateSearch: pageSearch, component: lazyRouteComponent(() => import('./pages/operations/attention.js'), 'AttentionPage') });
const webhookDeliveriesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhook-deliveries',
  validateSearch: webhookDeliveriesSearch,
  component: lazyRouteComponent(() => import('./pages/operations/webhook-deliveries.js'), 'WebhookDeliveriesPage'),
});
const pacingRoute = createRoute({ getParentRoute: () => appRoute, path: 'pacing', component: lazyRouteComponent(() => import('./pages/operations/pacing.js'), 'PacingPage') });
const scheduleRoute = createRoute({ getParentRoute: () => appRoute, path: 'schedule', validateSearch: scheduleSearch, component: lazyRouteComponent(() => import('./pages/integrator/schedule.js'), 'SchedulePage') });
const auditLogRoute = createRoute({ getParentRoute: () => appRoute, path: 'audit-log', validateSearch: auditLogSearch, component: lazyRouteComponent(() => import('./pages/operations/audit-log.js'), 'AuditLogPage') });

const integratorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'integrators/$userId',
  component: lazyRouteComponent(() => import('./pages/operations/integrator.js'), 'IntegratorPage'),
});
const adminTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin-tokens',
  validateSearch: adminTokensSearch,
  component: lazyRouteComponent(() => import('./pages/operations/admin-tokens.js'), 'AdminTokensPage'),
});

const nodesRoute = createRoute({ getParentRoute: () => appRoute, path: 'nodes', validateSearch: nodesSearch, component: lazyRouteComponent(() => import('./pages/operations/nodes.js'), 'NodesPage') });
const nodeRoute = createRoute({ getParentRoute: () => appRoute, path: 'nodes/$nodeId', component: lazyRouteComponent(() => import('./pages/operations/node.js'), 'NodePage') });
const nodeTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'node-tokens',
  validateSearch: nodeTokensSearch,
  component: lazyRouteComponent(() => import('./pages/operations/node-tokens.js'), 'NodeTokensPage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  inviteRoute,
  appRoute.addChildren([
    homeRoute,
    keysRoute,
    webhookRoute,
    historyRoute,
    batchRoute,
    accountsRoute,
    articlesRoute,
    usageRoute,
    accountRoute,
    usersRoute,
    integratorsRoute,
    projectsRoute,
    codesRoute,
    devicesRoute,
    sessionsRoute,
    logsRoute,
    trendRoute,
    statisticsRoute,
    versionBansRoute,
    securityEventsRoute,
    jobsRoute,
    jobRoute,
    attentionRoute,
    webhookDeliveriesRoute,
    auditLogRoute,
    pacingRoute,
    scheduleRoute,
    integratorRoute,
    adminTokensRoute,
    nodesRoute,
    nodeRoute,
    nodeTokensRoute,
  ]),
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
