/**
 * A person answers a platform's challenge from the console, end to end through the daemon with
 * nothing stubbed but the site: the control-plane app serving the built console, the compiled
 * `plume-edge` daemon with the real douyin adapter in Debian's Chromium, the douyin replica asking
 * mid-publish, and the integrator in another Chromium. The console's Answer view shows the page
 * the node streams; the SMS code typed there, or the slider's handle dragged along the picture,
 * reaches the node's page, and the job publishes once. Between the two ends the test does
 * nothing: no row written, no message sent by hand.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/adapters/browser.js';
import { eventually, testBoundMs, until } from '../../../control-plane/src/testing/eventually.js';
import { raiseChallenge } from '../../../test/support/challenge.js';
import { acceptInvite } from '../../../test/support/console-browser.js';
import type { Json } from '../../../test/support/control-plane-http.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const DOUYIN = 'MS4wLjABAAAAe2e_douyin_console';

const e = useEdgeE2e({
  name: 'e2e-challenge-console',
  files: { 'clip.mp4': 300 * 1024 },
  accounts: [{ platform: 'douyin', ref: DOUYIN, name: 'Console douyin' }],
  user: { quotas: { edge: 10 } },
});

let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(60_000);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (m) => {
    // Before the invite is accepted, GET /auth/me answers 401 and the browser logs it.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(`console error: ${m.text()}`);
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A douyin video published with onChallenge wait, once its job awaits input. */
async function waitingJob(): Promise<{ batchId: string; jobId: string }> {
  const acc = (await e.account('douyin'))!;
  const res = await e.api('POST', '/publish/video', { executor: 'edge', accountIds: [acc.id], title: 'Plume 控制台', localVideoPath: e.file('clip.mp4'), onChallenge: 'wait' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const batchId = res.body.batch_id as string;
  const job = await until(
    async () => (await e.api('GET', `/publish/${batchId}`)).body.jobs[0] as Json,
    (j) => {
      if (['succeeded', 'failed', 'canceled'].includes(j.state)) throw new Error(`job ended ${j.state} (${JSON.stringify(j.error)})\n${e.node.output().slice(-4000)}`);
      return j.state === 'awaiting_input';
    },
  );
  return { batchId, jobId: job.job_id as string };
}

/** The batch page's Answer view for the job, once it shows a picture of the node's page. */
async function answerView(batchId: string, jobId: string) {
  await page.goto(`${e.url}/history/${batchId}`);
  const row = page.locator(`tr[data-job-id="${jobId}"]`);
  await row.getByText('Needs you', { exact: true }).waitFor({ timeout: testBoundMs() });
  await row.getByRole('button', { name: `Answer job ${jobId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Answer what douyin asks' });
  const picture = dialog.getByRole('button', { name: "The job's page: a click here clicks the page" });
  // The node streams its page once someone looks: the picture is a frame of it, page-sized.
  await eventually(() => picture.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return { dialog, picture };
}

/** The job's end, as the integrator polls it; the node's output in the failure. */
async function published(batchId: string) {
  const batch = await e.batchDone(batchId, testBoundMs());
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output().slice(-4000)}`).toBe('succeeded');
  return batch;
}

describe('a person answers from the console what douyin asks mid-publish', () => {
  it('the account is online and publishable, and the integrator logs in to the console', async () => {
    // The account may ask, and its health must not cool it down for the second case.
    await expect.poll(async () => (await e.account('douyin'))?.publishable, { timeout: 90_000, message: e.node.output() }).toBe(true);
    const rules = await e.t.app.inject({ method: 'PUT', url: '/api/admin/health-rules', headers: e.t.adminHeaders, payload: { default: {}, platforms: { douyin: { coolingAt: 1000 } } } });
    expect(rules.statusCode, rules.body).toBe(200);
    // The integrator's console login, as an admin invites a person of the integrator's.
    const invite = await e.t.app.inject({
      method: 'POST',
      url: '/api/admin/console-invites',
      headers: e.t.adminHeaders,
      payload: { email: `ops-${randomBytes(4).toString('hex')}@acme.example`, role: 'user', integratorUserId: e.user.id },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    await acceptInvite(page, `${e.url}${invite.json().invite.url}`, 'Ivo', 'integrator password 1234');
    await page.waitForURL(`${e.url}/`);
  }, 150_000);

  it('the SMS code typed in the Answer view reaches the node’s page, and the video is published once', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const { batchId, jobId } = await waitingJob();
    const { dialog } = await answerView(batchId, jobId);
    await dialog.getByRole('status').filter({ hasText: 'SMS code' }).waitFor();
    expect(e.sim.publishes('douyin')).toHaveLength(0);

    // The code the platform sent to the account's phone, as the person reads it there.
    const code = await until(() => e.sim.smsSent('douyin').filter((s) => s.purpose === 'challenge').at(-1)?.code, (c) => c !== undefined);
    await dialog.getByLabel('SMS code').fill(code!);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('status').filter({ hasText: 'The job no longer needs you: it is running now.' }).waitFor({ timeout: testBoundMs() });

    const batch = await published(batchId);
    expect(e.sim.publishes('douyin')).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', challenge: null, platform_post_id: e.sim.publishes('douyin')[0]!.postId });
    expect(e.sim.challengeStatus('douyin')).toMatchObject({ wrongCodes: 0 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(problems).toEqual([]);
  }, 240_000);

  it('the slider’s handle dragged along the streamed picture is dragged in the node’s page, and the video is published once', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'slider', step: 'at_publish' });
    const { batchId, jobId } = await waitingJob();
    const { dialog, picture } = await answerView(batchId, jobId);
    await dialog.getByRole('status').filter({ hasText: 'slider' }).waitFor();

    // The person finds the handle in the picture by its colour, as an eye does, and drags it to
    // the end of its track (press, moves, release). The replica's handle is 40 page pixels wide on
    // a 300-pixel track, so its width in the picture gives the distance.
    const img = picture.getByRole('img');
    const found = await img.evaluate((el) => {
      const image = el as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
      let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          // The handle's blue (#1677ff), give or take the JPEG's rounding; nothing else on the page is that blue.
          if (Math.abs(data[i]! - 22) < 40 && Math.abs(data[i + 1]! - 119) < 40 && data[i + 2]! > 200) {
            [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
          }
        }
      }
      return right < 0 ? null : { left, top, right, bottom, naturalWidth: image.naturalWidth };
    });
    expect(found, 'the slider handle is not in the picture').not.toBeNull();
    const area = (await img.boundingBox())!;
    const toScreen = area.width / found!.naturalWidth;
    const handleWidth = found!.right - found!.left + 1;
    const x = area.x + ((found!.left + found!.right) / 2) * toScreen;
    const y = area.y + ((found!.top + found!.bottom) / 2) * toScreen;
    const distance = ((300 - 40) / 40) * handleWidth * toScreen;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + distance, y, { steps: 10 });
    await page.mouse.up();
    await dialog.getByRole('status').filter({ hasText: 'The job no longer needs you: it is running now.' }).waitFor({ timeout: testBoundMs() });

    await published(batchId);
    expect(e.sim.publishes('douyin')).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(problems).toEqual([]);
  }, 240_000);
});
