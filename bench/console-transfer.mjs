/**
 * What a browser downloads to show the console's login page: the compiled
 * control plane on real PostgreSQL serving the built console, opened in
 * Debian's Chromium twice in the same run — once as browsers do (Chromium's
 * own Accept-Encoding: the build's brotli copies, answers compressed on the
 * fly) and once asking for no encoding (the baseline: what was sent before
 * compression). The figure is the bytes on the wire, bodies and headers, of
 * every response the page loaded until the network was idle (Playwright's
 * request sizes, as the browser counted them), not the size of compressed
 * files. Target: the compressed load ≤ 0.40 × the uncompressed one.
 *
 * Needs `npm run build` (the console's dist/ with its .br/.gz copies).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createScratchDatabase } from './lib/database.mjs';
import { startControlPlane } from './lib/processes.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

/** Loads /login in a fresh context; answers the bytes received and what was encoded how. */
async function loadLogin(browser, base, headers) {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /log in|sign in/i }).first().waitFor();
  let bytes = 0;
  let scripts = 0;
  const encodings = new Map();
  for (const request of responses) {
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    const response = await request.response();
    const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
    encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
    if (request.resourceType() === 'script') scripts += sizes.responseBodySize;
  }
  await context.close();
  return { bytes, scripts, files: responses.length, encodings: [...encodings].map(([e, n]) => `${n} ${e}`).join(', ') };
}

console.log(machineLine());
const db = await createScratchDatabase();
const cp = await startControlPlane({ databaseUrl: db.url, adminToken: randomBytes(24).toString('hex') });
const browser = await chromium.launch({ executablePath: process.env.PLUME_CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
try {
  const plain = await loadLogin(browser, cp.base, { 'accept-encoding': 'identity' });
  const compressed = await loadLogin(browser, cp.base, {});
  const kb = (n) => `${fmt.fixed(n / 1024, 1)} KB`;
  console.log(
    ratioLine(
      'console /login bytes on the wire, compressed vs not',
      compressed.bytes / plain.bytes,
      { op: '<=', value: 0.4 },
      `${kb(compressed.bytes)} (scripts ${kb(compressed.scripts)}; ${compressed.files} responses: ${compressed.encodings}) against ${kb(plain.bytes)} (scripts ${kb(plain.scripts)}; ${plain.encodings})`,
    ),
  );
} finally {
  await browser.close();
  await cp.stop();
  await db.drop();
}
