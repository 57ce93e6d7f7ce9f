/**
 * Edge upload: a 1 GiB video uploaded by the real bilibili adapter
 * (edge-node/src/adapters/bilibili.ts) in Debian's Chromium through the
 * platform simulator, which hashes the chunks as they arrive and keeps none
 * (simulator option discardUploads; chunkSize 8 MiB, about what bilibili's
 * upos hands out), timed from `prepare` (open the editor, pick the file,
 * upload every chunk, wait for "transcoding" to finish with transcodeMs 0) to
 * its end, as a ratio to copying the same file on the same disk with
 * `cp --reflink=never` in the same run. Target ≤ 2. The simulator's hash is
 * compared to the file's, so a fast wrong upload cannot pass.
 *
 * The file is random bytes in a temp dir, deleted at the end. The TypeScript
 * adapter and simulator run through tsx (no build step for test/).
 *
 * Env: BENCH_UPLOAD_MIB (default 1024), BENCH_CHUNK_MIB (default 8),
 * PLUME_CHROMIUM_PATH (default: what edge-node finds).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

register();
const { startSimulator } = await import('../test/platform-simulator/index.ts');
const { launchTestBrowser, makeCtx, openAs } = await import('../test/platform-simulator/harness.ts');
const { bilibiliAdapter } = await import('../edge-node/src/adapters/bilibili.ts');

const MIB = 1024 * 1024;
const sizeMiB = Number(process.env.BENCH_UPLOAD_MIB || 1024);
const chunkMiB = Number(process.env.BENCH_CHUNK_MIB || 8);
const ACCOUNT = '30099001';

console.log(machineLine());
const dir = mkdtempSync(join(tmpdir(), 'plume-bench-upload-'));
const video = join(dir, 'big.mp4');
let browser;
let sim;
try {
  // Random bytes (no holes, not compressible), hashed as written.
  const hash = createHash('sha256');
  const block = Buffer.alloc(8 * MIB);
  const fd = openSync(video, 'w');
  const g0 = performance.now();
  for (let written = 0; written < sizeMiB * MIB; written += block.length) {
    randomFillSync(block);
    writeSync(fd, block);
    hash.update(block);
  }
  closeSync(fd);
  const digest = hash.digest('hex');
  console.log(`  generated ${sizeMiB} MiB in ${fmt.fixed((performance.now() - g0) / 1000, 1)} s`);

  // Baseline: a plain copy on the same disk (page cache warm from the write, as for the upload).
  // Median of three copies: one copy's time swings with dirty-page writeback.
  const copies = [];
  for (let i = 0; i < 3; i++) {
    const c0 = performance.now();
    execFileSync('cp', ['--reflink=never', video, join(dir, 'copy.mp4')]);
    copies.push((performance.now() - c0) / 1000);
    rmSync(join(dir, 'copy.mp4'));
  }
  const copySeconds = copies.sort((x, y) => x - y)[1];

  [sim, browser] = await Promise.all([startSimulator(), launchTestBrowser()]);
  sim.configure('bilibili', { discardUploads: true, chunkSize: chunkMiB * MIB, chunkDelayMs: 0, transcodeMs: 0 });
  const { context, page } = await openAs(browser, sim, 'bilibili', ACCOUNT);
  const ctx = makeCtx(sim.baseUrl('bilibili'), { timeouts: { selectorMs: 5_000, navigationMs: 30_000, uploadMs: 600_000, publishMs: 30_000 } });
  const job = {
    jobId: 'job_bench_upload',
    attemptId: 'att_bench_upload',
    platform: 'bilibili',
    contentType: 'video',
    account: { id: 'acc_bench', externalRef: ACCOUNT },
    payload: { title: 'Bench 1 GiB', localVideoPath: video },
    settings: { partitionName: '知识', tags: ['Plume'], copyright: 'original' },
    settingsHash: 'sha256:bench',
    createdAt: new Date().toISOString(),
  };
  const u0 = performance.now();
  await bilibiliAdapter.prepare(page, job, ctx);
  const uploadSeconds = (performance.now() - u0) / 1000;
  const result = await bilibiliAdapter.publish(page, job, ctx);
  const post = sim.publishes('bilibili').find((p) => p.postId === result.postId);
  const got = post?.media.find((m) => m.kind === 'video');
  if (!got || got.sha256 !== digest || got.size !== statSync(video).size) throw new Error(`the simulator received other bytes: ${JSON.stringify(got)}`);
  await context.close();

  const mibps = (s) => `${fmt.fixed(sizeMiB / s, 0)} MiB/s`;
  console.log(
    ratioLine(`edge-upload ${sizeMiB} MiB (bilibili adapter in Chromium → simulator, ${chunkMiB} MiB chunks) vs cp --reflink=never`, uploadSeconds / copySeconds, { op: '<=', value: 2 },
      `upload (prepare: editor, file, chunks, transcode) ${fmt.fixed(uploadSeconds, 2)} s (${mibps(uploadSeconds)}) vs copy ${fmt.fixed(copySeconds, 2)} s (${mibps(copySeconds)}, median of ${copies.map((c) => fmt.fixed(c, 2)).join('/')} s); sha256 verified`),
  );
} finally {
  await browser?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
}
