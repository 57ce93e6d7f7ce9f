/**
 * Metrics with nothing stubbed: the compiled control plane on PostgreSQL
 * with PLUME_METRICS_ADDR, the compiled `plume-edge` daemon with
 * PLUME_EDGE_METRICS_ADDR, the real bilibili adapter in Chromium, and the
 * platform simulator. An integrator publishes a video with an X-Request-Id;
 * both processes' metrics follow the job, the id shows in the node's log
 * and in the webhook payloads, and every metric the Grafana dashboard and
 * the Prometheus alert rules in deploy/ name is one these processes export.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';
import { parseScrape, type Scrape } from '../control-plane/src/testing/prometheus.js';
import { WebhookReceiver } from '../control-plane/src/testing/webhook-receiver.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { adminApi, createEdgeUser, type EdgeUser, openApi, type OpenApi } from './support/control-plane-http.js';
import { type ControlPlaneProcess, freePort, startControlPlane } from './support/control-plane-process.js';
import { alertQueries, dashboardQueries, type Query, selectors } from './support/deploy-queries.js';
import { accountOf, type EdgeWorld, startEdgeWorld, waitForBatch } from './support/edge-world.js';

const ADMIN = 'metrics-e2e-admin-token-0123456789abcdef';
const ACCOUNT = '30040077';
const REQUEST_ID = 'req_metrics_e2e_video_1';
/** Labels Prometheus adds to every series it scrapes: queries may match on them. */
const TARGET_LABELS = new Set(['job', 'instance', '__name__']);

let tdb: TestDatabase;
let sim: Simulator;
let cp: ControlPlaneProcess;
let receiver: WebhookReceiver;
let user: EdgeUser;
let api: OpenApi;
let node: EdgeWorld;
let cpMetricsUrl: string;
let edgeMetricsUrl: string;
let batchId: string;
/** The browser tree while the job ran. */
let duringJob: Scrape;

async function scrapeOf(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  return parseScrape(await res.text());
}
const controlPlane = () => scrapeOf(cpMetricsUrl);
const edge = () => scrapeOf(edgeMetricsUrl);

beforeAll(async () => {
  [tdb, sim, receiver] = await Promise.all([createTestDatabase(), startSimulator(), new WebhookReceiver().start()]);
  if (!tdb.url) throw new Error('this test runs the compiled control plane: it needs TEST_DATABASE_URL (PostgreSQL)');
  const [cpMetricsPort, edgeMetricsPort] = [await freePort(), await freePort()];
  cpMetricsUrl = `http://127.0.0.1:${cpMetricsPort}/metrics`;
  edgeMetricsUrl = `http://127.0.0.1:${edgeMetricsPort}/metrics`;
  cp = await startControlPlane({ DATABASE_URL: tdb.url, PLUME_ADMIN_TOKEN: ADMIN, PLUME_METRICS_ADDR: `127.0.0.1:${cpMetricsPort}` });
  const admin = adminApi(cp.url, ADMIN);
  user = await createEdgeUser(admin, 'metrics', 10);
  const hook = await fetch(`${cp.url}/api/admin/users/${user.userId}/webhook`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${receiver.url}/plume` }),
  });
  expect(hook.status, await hook.text()).toBe(200);
  api = openApi(cp.url, user.apiKey);
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: user.enrollmentToken,
    userId: user.userId,
    // 2 MiB in 96 KiB chunks at 100 ms each: the upload takes seconds, long enough to see Chromium at work.
    files: { 'clip.mp4': 2 * 1024 * 1024 },
    accounts: [{ platform: 'bilibili', ref: ACCOUNT, name: 'Lab', displayName: 'Metrics Lab' }],
    name: 'metrics',
    env: { PLUME_EDGE_METRICS_ADDR: `127.0.0.1:${edgeMetricsPort}` },
  });
  sim.configure('bilibili', { transcodeMs: 200, chunkDelayMs: 100 });
}, 240_000);

afterAll(async () => {
  // Each one whatever became of the others: a leaked process outlives the test run.
  await Promise.allSettled([node?.close(), cp?.stop(), sim?.close(), receiver?.close()]);
  await tdb?.close();
});

describe('a published video, followed by the metrics', () => {
  it('the node comes online with a logged-in account', async () => {
    await expect.poll(async () => accountOf((await api('GET', '/accounts')).body, 'bilibili')?.publishable, { timeout: 60_000, interval: 500, message: node.output() }).toBe(true);
    expect((await controlPlane()).value('plume_nodes_connected', { kind: 'edge' })).toBe(1);
    const e = await edge();
    expect(e.value('plume_edge_connected')).toBe(1);
    expect(e.value('plume_edge_accounts', { platform: 'bilibili', login_state: 'logged_in' })).toBe(1);
  }, 90_000);

  it('publishes with an X-Request-Id; while it runs the node reports its Chromium tree', async () => {
    const account = accountOf((await api('GET', '/accounts')).body, 'bilibili')!;
    const res = await fetch(`${cp.url}/api/openapi/v1/publish/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.apiKey}`, 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      body: JSON.stringify({
        executor: 'edge',
        accountIds: [account.id],
        title: 'Metrics clip',
        localVideoPath: join(node.userDir, 'clip.mp4'),
        platformSettings: { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } },
      }),
    });
    expect(res.headers.get('x-request-id')).toBe(REQUEST_ID);
    const body = (await res.json()) as { batch_id: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    batchId = body.batch_id;
    // The job's own browser (login checks start one too), once it has started its helpers: the first
    // process seen may be Debian's launcher script alone.
    await expect
      .poll(
        async () => {
          duringJob = await edge();
          return duringJob.value('plume_edge_jobs_running') === 1 && duringJob.value('plume_edge_chromium_processes') >= 3;
        },
        { timeout: 60_000, interval: 200, message: node.output() },
      )
      .toBe(true);
    expect(duringJob.value('plume_edge_chromium_rss_bytes')).toBeGreaterThan(50 * 1024 * 1024);
    expect(duringJob.value('plume_edge_chromium_pss_bytes')).toBeGreaterThan(20 * 1024 * 1024);
    expect(duringJob.value('plume_edge_chromium_pss_bytes')).toBeLessThanOrEqual(duringJob.value('plume_edge_chromium_rss_bytes'));
    const batch = await waitForBatch(async (id) => (await api('GET', `/publish/${id}`)).body, batchId, 120_000, () => node.output().slice(-6000));
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
  }, 180_000);

  it('the control plane counted the request, the outcome and the queue', async () => {
    const m = await controlPlane();
    expect(m.value('plume_http_requests_total', { method: 'POST', route: '/api/openapi/v1/publish/video', status: '200' })).toBe(1);
    expect(m.value('plume_jobs_finished_total', { platform: 'bilibili', executor: 'edge', outcome: 'succeeded' })).toBe(1);
    expect(m.value('plume_db_group_commit_batch_size_count', { queue: 'publish' })).toBe(1);
    expect(m.value('plume_cluster_metrics_up')).toBe(1);
    expect(m.value('plume_db_pool_max_connections', { pool: 'main' })).toBe(10);
    // Nothing left to do (read within the cluster cache window at most a few seconds late).
    await expect.poll(async () => (await controlPlane()).value('plume_queue_jobs', { state: 'running' }), { timeout: 15_000 }).toBe(0);
  });

  it('the node counted the attempt and timed every step of the adapter', async () => {
    const m = await edge();
    expect(m.value('plume_edge_jobs_total', { platform: 'bilibili', outcome: 'succeeded' })).toBe(1);
    expect(m.value('plume_edge_job_duration_seconds_count', { platform: 'bilibili', outcome: 'succeeded' })).toBe(1);
    for (const step of ['sandbox', 'check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']) {
      expect(m.value('plume_edge_step_duration_seconds_count', { platform: 'bilibili', step }), step).toBeGreaterThanOrEqual(1);
    }
    // 22 chunks at 100 ms each: the upload step is the long one.
    expect(m.value('plume_edge_step_duration_seconds_sum', { platform: 'bilibili', step: 'upload' })).toBeGreaterThan(2);
    await expect.poll(async () => (await edge()).value('plume_edge_outbox_messages'), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await edge()).value('plume_edge_jobs_running'), { timeout: 10_000 }).toBe(0);
  });

  it('the request id is in the node\'s log of the job and in every webhook payload of its batch', async () => {
    const started = node
      .output()
      .split('\n')
      .filter((l) => l.includes('"job started"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ requestId: REQUEST_ID, platform: 'bilibili' });
    expect(node.output().split('\n').filter((l) => l.includes('"job finished"')).join('\n')).toContain(`"requestId":"${REQUEST_ID}"`);

    await expect.poll(() => receiver.received.filter((d) => d.body?.type === 'publish.batch.updated' && d.body.data.state === 'succeeded').length, { timeout: 30_000 }).toBe(1);
    const mine = receiver.received.filter((d) => d.body?.data?.batch_id === batchId);
    expect(mine.map((d) => d.body.type)).toEqual(expect.arrayContaining(['publish.job.updated', 'publish.batch.updated']));
    for (const d of mine) expect(d.body.data.request_id, JSON.stringify(d.body)).toBe(REQUEST_ID);
  });
});

describe('protection', () => {
  it('the API port serves /metrics only with an admin token; the metrics address answers only /metrics', async () => {
    const anonymous = await fetch(`${cp.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'ADMIN_UNAUTHORIZED' });
    expect((await scrapeOf(`${cp.url}/metrics`, { authorization: `Bearer ${ADMIN}` })).names()).toContain('plume_jobs_finished_total');
    expect((await fetch(cpMetricsUrl.replace('/metrics', '/api/admin/projects'))).status).toBe(404);
    expect((await fetch(edgeMetricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('deploy/: the dashboard and the alert rules', () => {
  let exported: Map<string, Set<string>>;
  beforeAll(async () => {
    // Every name either process exports (families with no sample yet included), with the labels its samples carry.
    exported = new Map();
    for (const scrape of [await controlPlane(), await edge()]) {
      for (const name of scrape.names()) exported.set(name, exported.get(name) ?? new Set());
      for (const s of scrape.samples) for (const label of Object.keys(s.labels)) exported.get(s.name)!.add(label);
    }
  });

  const check = (queries: Query[]) => {
    const problems: string[] = [];
    let named = 0;
    for (const q of queries) {
      for (const s of selectors(q.expr)) {
        named++;
        const labels = exported.get(s.metric);
        if (!labels) {
          problems.push(`${q.where}: ${s.metric} is not exported by the control plane or plume-edge`);
          continue;
        }
        // Labels are known only for series that have samples; a family with none cannot be checked.
        if (labels.size === 0) continue;
        for (const l of s.labels) if (!labels.has(l) && !TARGET_LABELS.has(l)) problems.push(`${q.where}: ${s.metric} has no label ${l}`);
      }
    }
    return { problems, named };
  };

  it('every alert rule parses and names only exported metrics and labels', () => {
    const queries = alertQueries();
    expect(queries.length).toBeGreaterThanOrEqual(10);
    const { problems, named } = check(queries);
    expect(problems).toEqual([]);
    expect(named).toBeGreaterThanOrEqual(queries.length);
  });

  it('every dashboard query parses and names only exported metrics and labels', () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThanOrEqual(30);
    const { problems } = check(queries);
    expect(problems).toEqual([]);
  });

  it('the check itself catches a misspelt metric, a wrong label and a query that does not parse', () => {
    expect(check([{ where: 'probe', expr: 'sum(rate(plume_http_request_total[5m]))' }]).problems).toEqual([
      'probe: plume_http_request_total is not exported by the control plane or plume-edge',
    ]);
    expect(check([{ where: 'probe', expr: 'sum(plume_nodes_connected{knid="edge"})' }]).problems).toEqual(['probe: plume_nodes_connected has no label knid']);
    expect(() => selectors('sum(rate(plume_http_requests_total[5m])')).toThrow(/does not parse/);
  });
});
