/**
 * /api/admin/accounts/{accountId}/egress: where an account publishes from.
 * The network (IPv4 /24, IPv6 /48) of the address its node connected from
 * when a job of the account last started, since when, and each change of it
 * (time, from, to, nodes, the job that showed it). A change is also an
 * `egress_changed` health signal. Registered inside the admin scope
 * (adminRoutes' extensions): its auth, audit, error model and OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../http/admin-errors.js';
import { responses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { type AccountEgress, type EgressChange, egressRepository } from './egress.repository.js';

const accountParams = z.object({ accountId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The account id') });

const changeView = z.object({
  at: z.string().describe('When a job first started from the new network'),
  from: z.string().describe('The network before'),
  to: z.string().describe('The network after'),
  fromNodeId: z.string().nullable().describe('The node of the last start from the old network'),
  nodeId: z.string().nullable().describe('The node of the start from the new one'),
  jobId: z.string().nullable().describe('The job whose start showed the change'),
});

export const egressView = z.object({
  accountId: z.number().int(),
  network: z
    .string()
    .nullable()
    .describe("The network its jobs start from: the node's address as the control plane saw it at the node's connection (a trusted proxy's forwarded address with PLUME_TRUST_PROXY), IPv4 as /24, IPv6 as /48. null: no job of it has started from a known network yet"),
  nodeId: z.string().nullable().describe('The node its last job started on'),
  since: z.string().nullable().describe('Since when its jobs start from this network'),
  lastChange: changeView.nullable().describe('Its newest change of network; null: never changed'),
  changes: z.array(changeView).describe('Its changes of network, newest first (up to 20)'),
});

const changeJson = (c: EgressChange): z.infer<typeof changeView> => ({ ...c, at: c.at.toISOString() });

const view = (e: AccountEgress): z.infer<typeof egressView> => ({
  accountId: e.accountId,
  network: e.network,
  nodeId: e.nodeId,
  since: e.since?.toISOString() ?? null,
  lastChange: e.changes[0] ? changeJson(e.changes[0]) : null,
  changes: e.changes.map(changeJson),
});

export function egressAdminRoutes(deps: { db: Db }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/accounts/:accountId/egress',
      {
        schema: {
          tags: ['accounts'],
          operationId: 'getAccountEgress',
          summary: 'Where an account publishes from: its egress network, since when, and its changes',
          description:
            'Recorded when a job of the account starts: the network of the address its node connected from. A start from another network than the last one is a change (also an egress_changed health signal): platforms treat a login from a new network as a risk.',
          params: accountParams,
          response: responses(z.object({ success: z.literal(true), egress: egressView })),
        },
      },
      async (request) => {
        const found = await egressRepository.get(deps.db, request.params.accountId);
        if (!found) throw adminError('NOT_FOUND', `No account ${request.params.accountId}`);
        return { success: true as const, egress: view(found) };
      },
    );
  };
}
