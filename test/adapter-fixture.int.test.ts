/**
 * The adapter fixture's shared page (test/support/adapter-contract.ts): what one test leaves
 * running on it must not reach the next. The hard case is a document that is still navigating
 * when its test ends, as a publish page that goes to the new post after the adapter has returned.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdapterFixture } from './support/adapter-contract.js';

const ACCOUNT = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** Serves /hop/N: a page that goes on to /hop/N+1 as soon as its script runs. */
function hopServer(): { server: Server; hops: () => number; reached: (n: number) => Promise<void> } {
  let count = 0;
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  const server = createServer((req, res) => {
    const n = Number(/^\/hop\/(\d+)$/.exec(req.url ?? '')?.[1] ?? NaN);
    if (!Number.isInteger(n)) {
      res.writeHead(404).end();
      return;
    }
    count += 1;
    for (const w of waiting.filter((x) => count >= x.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><title>hop ${n}</title><script>location.href = '/hop/${n + 1}';</script>`);
  });
  return {
    server,
    hops: () => count,
    reached: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }))),
  };
}

const fx = useAdapterFixture('zhihu');
const hop = hopServer();
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => hop.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(hop.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // Chromium may keep a connection open (one it opened for a hop the page never made): close it too.
  const closed = new Promise<void>((resolve) => hop.server.close(() => resolve()));
  hop.server.closeAllConnections();
  await closed;
});

describe('the shared page between tests', () => {
  it('a test may end while its page keeps navigating on its own (the reset after it must not be cut short)', async () => {
    const page = await fx.open(ACCOUNT);
    await page.goto(`${base}/hop/0`, { waitUntil: 'commit' }).catch(() => undefined);
    await hop.reached(20);
  });

  it('the next test gets a blank page whose own scripts run, and the navigating document is gone', async () => {
    const page = await fx.open(ACCOUNT);
    expect(page.url()).toBe('about:blank');
    const before = hop.hops();
    await page.setContent('<!doctype html><title>x</title><script>document.title = "scripts run";</script>');
    expect(await page.title()).toBe('scripts run');
    expect(hop.hops()).toBe(before);
  });
});
