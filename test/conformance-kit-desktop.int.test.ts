/**
 * The conformance kit with `--kind desktop` against the real Plume Desktop:
 * the kit prints an activation code generated for its user; the compiled
 * `plume-desktop` program (a temp HOME, its allowed folder a temp dir,
 * Debian's Chromium, the kit's simulator as its platform) activates with it
 * at the kit's control URL, imports the kit's account and runs. The node
 * protocol and the commit gate are held to exactly what plume-edge is held
 * to: every check passes, and the revoke ends its executor for good.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { ALL_CHECKS, type Cleanups, startKit, verdicts } from './support/conformance-kit.js';
import { desktopWorld, importSimAccount } from './support/desktop-world.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('plume-conformance --kind desktop', () => {
  it('plume-desktop, activated with the printed code, passes every check, and its executor stops when revoked', async () => {
    const kit = await startKit(cleanups, 'jj_desktop', { kind: 'desktop' });
    const { info } = kit;
    expect(info.activationCode).toMatch(/\S{8,}/);
    expect(kit.output()).toContain(`plume-desktop activate --server ${info.controlUrl} --code ${info.activationCode}`);
    expect(kit.output()).not.toContain('enrollment token');

    // The kit runs the simulator and logged the account in: the desktop needs its URL and cookie only.
    const desk = desktopWorld({ name: 'conformance-desktop', sim: { baseUrl: () => info.platformUrl, setLoggedIn: () => {}, sessionCookie: () => info.sessionCookie }, platforms: [info.platform] });
    cleanups.push(() => desk.close());
    const activated = await desk.cli(['activate', '--server', info.controlUrl, '--code', info.activationCode]);
    expect(activated.code, `${activated.out}\n${kit.output()}`).toBe(0);
    const media = join(desk.home, 'conformance-media');
    mkdirSync(media);
    for (const args of [['browser', '--path', '/usr/bin/chromium'], ['folders', 'add', media], ['folders', 'remove', join(desk.home, 'Videos')], ['folders', 'remove', join(desk.home, 'Pictures')]]) {
      const res = await desk.cli(args);
      expect(res.code, `${args.join(' ')}: ${res.out}`).toBe(0);
    }
    expect((await desk.cli(['folders'])).out.trim()).toBe(media);
    const imported = await importSimAccount(desk, { setLoggedIn: () => {}, sessionCookie: () => info.sessionCookie }, { platform: info.platform, ref: info.account, name: 'Conformance' });
    expect(imported.code, imported.out).toBe(0);
    await desk.start();

    const { code, out } = await kit.exited;
    const found = verdicts(out);
    expect([...found.keys()].sort(), out).toEqual([...ALL_CHECKS].sort());
    expect([...found].filter(([, v]) => v === 'FAIL'), `${out}\n--- desktop ---\n${desk.output()}`).toEqual([]);
    expect(code, out).toBe(0);
    expect(out).toMatch(/^PASS enroll\.private-key-stays-local — activated with the code \(license v2 enroll\)/m);
    expect(out).toMatch(/^PASS hello\.valid — .*; os linux$/m);
    // The paths the checks allow, as the desktop's executor takes them (plume-edge's): it gives a withheld
    // commit back after its timeout, and after a cut at the commit it reports the attempt it still holds.
    expect(out).toMatch(/^PASS commit-gate\.ack-withheld — handed back commit_refused/m);
    expect(out).toMatch(/^PASS reconnect\.before-commit-ack — reconnected at epoch \d+ \(was \d+\), the job reported committing/m);
    // Revoked (4403): the app stays up for the person, its executor is over and says so; it stops cleanly.
    await eventually(() => desk.output()).toContain('The server closed this computer’s connection for good: the operator revoked this computer');
    expect(desk.output()).not.toContain('enroll it again with a new token');
    expect(await desk.stop()).toBe(0);
  }, 900_000);

  it('a desktop that never activates: the instructions carry the code, then NOT READY and exit 3', async () => {
    const kit = await startKit(cleanups, 'jj_desktop', { kind: 'desktop', waitSeconds: 2 });
    const { code, out } = await kit.exited;
    expect(out).toMatch(new RegExp(`activation code\\s+${kit.info.activationCode}\\s+\\(Plume Desktop, user ${kit.info.userId}`));
    expect(out).toMatch(/^NOT READY — the desktop did not activate with the code within 2 s$/m);
    expect(code, out).toBe(3);
  }, 120_000);
});
