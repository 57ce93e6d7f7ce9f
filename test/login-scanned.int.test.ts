/**
 * The `scanned` sign of an interactive login, on each platform whose status
 * poll the public sources record (the adapters' `login` facts): the flow shows
 * a QR, a phone scans it without confirming, the flow tells `scanned` (what
 * the console shows as "scanned: confirm on the phone"), then the phone
 * confirms and the login succeeds. The sign comes from the answer the
 * replica's login page receives from its own poll, at the address and in the
 * fields the sources record; nothing the real site lacks.
 *
 * One Chromium for the file, a fresh context per platform.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../control-plane/src/testing/eventually.js';
import { adapterFor } from '../edge-node/src/adapters/registry.js';
import { LoginFlow, type LoginEvent } from '../edge-node/src/login/flow.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

/** The platforms whose scanned sign is on record (docs/operators.md lists the same). */
const PLATFORMS = ['bilibili', 'douyin', 'toutiao', 'kuaishou', 'weibo'] as const;

let sim: Simulator;
let browser: Browser;

beforeAll(async () => {
  sim = await startSimulator();
  browser = await chromium.launch({ executablePath: process.env.PLUME_CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
});

afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

describe.each(PLATFORMS)('%s', (platform) => {
  it('a scan without confirmation is told as scanned; the confirmation then logs the account in', async () => {
    sim.configure(platform, { loginQrTtlMs: 180_000, loginSms: false, loginSlider: false });
    const account = `${3_400_000_000 + PLATFORMS.indexOf(platform)}`;
    const name = `${platform} 扫码号`;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const flow = new LoginFlow({
        page,
        adapter: adapterFor(platform)!,
        baseUrl: sim.baseUrl(platform),
        timeoutMs: 90_000,
        pollMs: 200,
        timeouts: { selectorMs: 5_000, navigationMs: 20_000 },
      });
      const events: LoginEvent[] = [];
      flow.on((e) => events.push(e));
      const result = flow.run();
      result.catch(() => {});

      const qr = await until(
        () => events.find((e): e is Extract<LoginEvent, { type: 'qr' }> => e.type === 'qr'),
        (e) => e !== undefined,
      );
      // A QR nobody scanned yet is no scan.
      expect(events.map((e) => e.type)).toEqual(['qr']);

      await sim.scan(qr!.text!, { account, displayName: name, confirm: false });
      await until(
        () => events.map((e) => e.type),
        (types) => types.includes('scanned') || types.includes('failed'),
      );
      expect(events.map((e) => e.type)).toEqual(['qr', 'scanned']);

      await sim.scan(qr!.text!, { account, displayName: name });
      await expect(result).resolves.toEqual({ externalRef: account, displayName: name });
      expect(events.map((e) => e.type)).toEqual(['qr', 'scanned', 'succeeded']);
    } finally {
      await context.close();
    }
  }, 120_000);
});
