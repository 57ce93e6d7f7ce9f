/**
 * `plume-edge check` as an operator runs it: the compiled CLI, accounts
 * imported from simulator sessions, the real adapters in Debian's Chromium
 * against the replica pages. A check goes through every step up to the publish
 * click and never clicks; a replica that changed (a control renamed away, the
 * publish button gone) is reported as `changed` at that step, with a
 * screenshot and the page's HTML; the last conclusive result per (platform,
 * content type) is kept in site-checks.json for the daemon to report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const ACCOUNTS = [
  { platform: 'weibo', ref: '7700112233' },
  { platform: 'bilibili', ref: '880011' },
  { platform: 'kuaishou', ref: '5500112233' },
] as const;

let world: CheckCli;
let sim: Simulator;
let work: string;
const cli = (args: string[]) => world.run(args);

const stored = () => world.storedChecks();
const evidenceDir = (out: string) => /evidence: (\S+)/.exec(out)?.[1];

beforeAll(async () => {
  world = await startCheckCli(Object.fromEntries(ACCOUNTS.map((a) => [a.platform, a.ref])), 'all');
  ({ sim, work } = world);
}, 600_000);

afterAll(async () => {
  await world?.close();
});

beforeEach(() => {
  sim.reset();
  for (const a of ACCOUNTS) sim.setLoggedIn(a.platform, a.ref, true);
});

describe('happy path', () => {
  it('a weibo dynamic: every step matched up to the click, nothing published, the pass recorded', async () => {
    const res = await cli(['check', 'weibo', '--account', '7700112233', '--content-type', 'dynamic']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/check_login\s+matched/);
    expect(res.out).toMatch(/upload\s+matched/);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    // The node's own picture went up (what a check uploads is made by the node).
    expect(sim.hits('/picupload.weibo.com/interface/pic_upload.php')).toBe(1);
    expect(stored()).toContainEqual(expect.objectContaining({ platform: 'weibo', contentType: 'dynamic', status: 'passed' }));
  }, 240_000);

  it('a bilibili video: the node-made MP4 and cover go through upload and transcoding, then it stops before the click', async () => {
    const res = await cli(['check', 'bilibili', '--account', '880011', '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/apply_settings\s+matched/);
    expect(res.out).toMatch(/publish\s+matched/);
    expect(sim.publishes()).toHaveLength(0);
    const video = readFileSync(join(work, 'state', 'checks', 'media', 'plume-check.mp4'));
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp'); // an ISO MP4, recorded by Chromium
    expect(video.length).toBeGreaterThan(5_000);
  }, 240_000);

  it('a bilibili dynamic: the composer takes the text and the node-made picture, then it stops before the click', async () => {
    const res = await cli(['check', 'bilibili', '--account', '880011', '--content-type', 'dynamic']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/upload\s+matched/);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(sim.hits('/api.bilibili.com/x/dynamic/feed/draw/upload_bfs')).toBe(1);
    expect(sim.hits('/api.bilibili.com/x/dynamic/feed/create/dyn')).toBe(0);
    expect(sim.publishes()).toHaveLength(0);
  }, 240_000);

  it('a bilibili article: the cover goes up and the draft is saved, then it stops before the submission', async () => {
    const res = await cli(['check', 'bilibili', '--account', '880011', '--content-type', 'article']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/apply_settings\s+matched/);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(sim.hits('/api.bilibili.com/x/article/creative/article/submit')).toBe(0);
    expect(sim.publishes()).toHaveLength(0);
  }, 240_000);

  it('a weibo video: the node-made MP4 goes through the file platform and the cover layer, then it stops before the click', async () => {
    const res = await cli(['check', 'weibo', '--account', '7700112233', '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/upload\s+matched/);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(sim.hits('/fileplatform-cn1.api.weibo.com/2/fileplatform/check.json')).toBe(1);
    expect(sim.hits('/weibo.com/ajax/statuses/update')).toBe(0);
    expect(sim.publishes()).toHaveLength(0);
  }, 240_000);
});

describe('a changed site', () => {
  it('a renamed control is `changed` at its step, with a screenshot and the HTML; a later pass replaces the failure', async () => {
    sim.configure('weibo', { omit: ['visibility-menu'] });
    const res = await cli(['check', 'weibo', '--account', '7700112233', '--content-type', 'dynamic']);
    expect(res.code, res.out).toBe(1);
    expect(res.out).toMatch(/fill\s+matched/);
    expect(res.out).toMatch(/apply_settings\s+changed\s+editor_changed: visibility menu not found/);
    expect(res.out).toMatch(/publish\s+not reached/);
    expect(res.out).toContain('FAILED');
    const dir = evidenceDir(res.out)!;
    expect(dir.startsWith(join(work, 'state', 'checks'))).toBe(true);
    expect(readFileSync(join(dir, 'screenshot.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(readFileSync(join(dir, 'page.html'), 'utf8')).toContain('有什么新鲜事想分享给大家');
    expect(stored()).toContainEqual(expect.objectContaining({ platform: 'weibo', contentType: 'dynamic', status: 'failed', step: 'apply_settings', code: 'editor_changed' }));
    expect(sim.publishes()).toHaveLength(0);

    sim.reset();
    const again = await cli(['check', 'weibo', '--account', '7700112233', '--content-type', 'dynamic']);
    expect(again.code, again.out).toBe(0);
    expect(stored().filter((c) => c.platform === 'weibo' && c.contentType === 'dynamic')).toEqual([expect.objectContaining({ status: 'passed' })]);
  }, 240_000);

  it('a publish button that moved is `changed` at the publish step, and still nothing is clicked', async () => {
    sim.configure('kuaishou', { omit: ['publish-button'] });
    const res = await cli(['check', 'kuaishou', '--account', '5500112233', '--content-type', 'video']);
    expect(res.out).toMatch(/(open_editor|fill|apply_settings)\s+matched/);
    expect(res.code, res.out).toBe(1);
    expect(res.out).toMatch(/publish\s+changed/);
    expect(existsSync(join(evidenceDir(res.out)!, 'page.html'))).toBe(true);
    expect(sim.publishes()).toHaveLength(0);
  }, 240_000);
});

describe('errors', () => {
  it('no session is inconclusive (exit 2) and leaves the last result alone', async () => {
    const before = stored();
    sim.setLoggedIn('weibo', '7700112233', false);
    const res = await cli(['check', 'weibo', '--account', '7700112233', '--content-type', 'dynamic']);
    expect(res.code, res.out).toBe(2);
    expect(res.out).toContain('INCONCLUSIVE');
    expect(res.out).toMatch(/check_login\s+unknown\s+login_required/);
    expect(stored()).toEqual(before);
  }, 240_000);

  it('usage errors name what to fix', async () => {
    expect(await cli(['check', 'weibo'])).toMatchObject({ code: 64, out: expect.stringContaining('--account') });
    expect(await cli(['check', 'weibo', '--account', 'nobody'])).toMatchObject({ code: 64, out: expect.stringContaining('no account "nobody"') });
    expect(await cli(['check', 'bilibili', '--account', '7700112233'])).toMatchObject({ code: 64, out: expect.stringContaining('is a weibo account') });
    expect(await cli(['check', 'kuaishou', '--account', '5500112233', '--content-type', 'article'])).toMatchObject({ code: 64, out: expect.stringContaining('not article') });
  }, 240_000);
});
