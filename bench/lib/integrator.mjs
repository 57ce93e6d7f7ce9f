/** The integrator the dispatch benchmarks publish as: created through the admin API, limits out of the way. */
import { postJson } from './processes.mjs';

/** Creates an integrator allowed to publish to edge nodes without practical limits; answers its id and API key. */
export async function createEdgeIntegrator(base, adminToken) {
  const admin = { authorization: `Bearer ${adminToken}` };
  const plan = { name: 'bench', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1_000_000, dailyLimit: 100_000_000, cmsEnabled: false };
  const { json: created } = await postJson(`${base}/api/admin/users`, { name: 'bench', plan, quotas: { edge: 100_000_000 } }, admin);
  if (!created.user?.id) throw new Error(`creating the integrator failed: ${JSON.stringify(created)}`);
  const { json: key } = await postJson(`${base}/api/admin/users/${created.user.id}/api-keys`, { name: 'k' }, admin);
  return { userId: created.user.id, apiKey: key.apiKey.key };
}
