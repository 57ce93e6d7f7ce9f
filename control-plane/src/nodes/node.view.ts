/**
 * An execution node as the surfaces answer it. The console shows an
 * integrator the node that holds one of their accounts (GET
 * /api/console/me/accounts: `node`) with these fields alone; the admin API's
 * node list (/api/admin/nodes) extends them with what only an operator reads
 * (its capabilities, connection, machine, the users it serves, its load).
 */
import { z } from 'zod';

export const NODE_KINDS = ['edge', 'desktop', 'web'] as const;
export const NODE_STATUSES = ['active', 'draining', 'revoked'] as const;

export const nodeView = z.object({
  id: z.string().describe('node_…'),
  kind: z.enum(NODE_KINDS),
  name: z.string(),
  status: z.enum(NODE_STATUSES).describe('active: offered jobs; draining: finishes its jobs, gets no new ones; revoked: refused for good'),
  online: z.boolean().describe('Connected, active, and heard from in the last 60 s'),
});
