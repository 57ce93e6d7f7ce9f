/**
 * A scripted douyin adapter for edge-node/test/daemon/child-process.int.test.ts, run by the real
 * daemon (test/support/edge-daemon-entry.mjs) in real Chromium. Plain
 * JavaScript because the daemon runs compiled code. Every step is recorded as
 * a JSON line in PLUME_TEST_PUBLISH_LOG; `payload.test` scripts a hang before
 * the commit or after the publish click, once per job, so a test can kill the
 * daemon there and see what the restart does.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const LOG = process.env.PLUME_TEST_PUBLISH_LOG;
if (!LOG) throw new Error('the scripted adapter needs PLUME_TEST_PUBLISH_LOG (a file it appends its steps to)');
const record = (event) => appendFileSync(LOG, `${JSON.stringify(event)}\n`);
const once = (name) => {
  const marker = `${LOG}.${name}`;
  if (existsSync(marker)) return false;
  writeFileSync(marker, '1');
  return true;
};
const abortable = (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));

export const adapters = [
  {
    platform: 'douyin',
    contentTypes: ['article', 'dynamic', 'video'],
    defaultBaseUrl: 'http://127.0.0.1:9',
    async checkLogin(page) {
      await page.setContent('<p>logged in</p>');
      return { externalRef: 'dy-main', displayName: 'Fake Douyin' };
    },
    async prepare(page, job, ctx) {
      await page.setContent('<input type="file" id="f">');
      const file = await ctx.openFile(job.payload.localVideoPath);
      ctx.progress('upload', { bytesSent: 0, bytesTotal: file.size });
      await page.setInputFiles('#f', file.path);
      const got = await page.evaluate(async () => {
        const f = document.getElementById('f').files[0];
        return { name: f.name, text: await f.text() };
      });
      record({ event: 'uploaded', jobId: job.jobId, ...got });
      ctx.progress('upload', { bytesSent: got.text.length, bytesTotal: file.size });
      if (job.payload.test === 'hang_before_commit' && once(`before-${job.jobId}`)) {
        record({ event: 'hanging_before_commit', jobId: job.jobId });
        await abortable(ctx.signal);
      }
    },
    async publish(page, job, ctx) {
      await ctx.beforePublish();
      record({ event: 'published', jobId: job.jobId, attemptId: job.attemptId });
      if (job.payload.test === 'hang_after_click' && once(`after-${job.jobId}`)) await new Promise(() => {});
      return { postId: `post-${job.jobId}`, url: `https://fake.test/${job.jobId}` };
    },
    async verify(page, job) {
      const lines = existsSync(LOG) ? readFileSync(LOG, 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : [];
      const hit = lines.find((l) => l.event === 'published' && l.jobId === job.jobId);
      return hit ? { found: true, postId: `post-${job.jobId}`, url: `https://fake.test/${job.jobId}`, candidates: 1 } : { found: false };
    },
  },
];
