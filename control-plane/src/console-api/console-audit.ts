/**
 * The console's admin writes (access `admin`: inviting a person, disabling one,
 * resetting someone's two-factor login) go into the admin audit log like every
 * /api/admin write, whatever their outcome: the acting person by email, the
 * request, and the target the route names in `request.auditDetail`. A person's
 * own settings (password, their two-factor login) and an integrator's
 * self-service are not admin writes and are not recorded here; but any
 * person's unsafe request refused for its CSRF token is, whatever the route.
 */
import type { FastifyInstance } from 'fastify';
import { recordCsrfRefusal, recordWrite } from '../admin/audit.js';
import type { Db } from '../db/client.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installConsoleAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    // A session's request refused for its CSRF token is recorded whatever the route and role (console-auth.ts marks it).
    if (await recordCsrfRefusal(db, request, reply)) return;
    // `person` is set only once the session and its role passed: a refused caller is not the actor of anything.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.access !== 'admin' || !request.person) return;
    await recordWrite(db, request, reply, request.person.user.email);
  });
}
