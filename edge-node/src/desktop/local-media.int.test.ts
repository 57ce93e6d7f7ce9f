/**
 * A desktop job's local files on a real disk: refused, each with its stable
 * code, before any browser starts (outside the allowed folders by name or
 * through a link, missing, a folder, not a video or picture by content);
 * accepted ones are given to the shared media sandbox through
 * the job's private staging folder, the person's file untouched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobSpec } from '@plume/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openSandboxed } from '../media/sandbox.js';
import { localMediaChecker } from './local-media.js';

const root = mkdtempSync(join(tmpdir(), 'plume-local-media-'));
const videos = join(root, 'Videos');
const pictures = join(root, 'Pictures');
const elsewhere = join(root, 'Documents');
const staging = join(root, 'state', 'staging');
for (const d of [videos, pictures, elsewhere]) mkdirSync(d, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
writeFileSync(join(videos, 'trip.mp4'), MP4);
writeFileSync(join(pictures, 'cover.png'), PNG);
writeFileSync(join(elsewhere, 'secret.mp4'), MP4);
writeFileSync(join(videos, 'notes.mp4'), 'just text, named like a video');
mkdirSync(join(videos, 'folder.mp4'));
symlinkSync(join(elsewhere, 'secret.mp4'), join(videos, 'link-out.mp4'));

let n = 0;
const check = localMediaChecker({ os: 'linux', folders: () => [videos, pictures], stagingRoot: staging });
const spec = (payload: Record<string, unknown>, contentType: JobSpec['contentType'] = 'video'): JobSpec =>
  ({ userId: 7, platform: 'youtube', contentType, account: { id: 1, externalRef: 'a' }, payload, settings: {}, settingsHash: 'h', createdAt: '2026-11-29T00:00:00.000Z' }) as unknown as JobSpec;
/** What every job of the type carries besides its files (a payload without it is refused before any file is looked at). */
const REQUIRED: Record<JobSpec['contentType'], Record<string, unknown>> = { video: { title: 't' }, article: { title: 't', content: 'c' }, dynamic: { content: 'c' } };
const run = (payload: Record<string, unknown>, contentType: JobSpec['contentType'] = 'video') =>
  check({ jobId: `job_${++n}`, attemptId: 'att_1' }, spec({ ...REQUIRED[contentType], ...payload }, contentType));

describe('happy path', () => {
  it('a video and cover in the allowed folders reach the sandbox through the job’s staging folder; the originals stay', async () => {
    const media = await run({ title: 't', localVideoPath: join(videos, 'trip.mp4'), coverImagePath: join(pictures, 'cover.png') });
    expect(media.ok).toBe(true);
    if (!media.ok) return;
    const staged = media.spec.payload as Record<string, string>;
    expect(staged.localVideoPath).toMatch(new RegExp(`^${staging}/job_\\d+--att_1/7/0-trip\\.mp4$`));
    // The shared sandbox (what run-attempt opens) accepts the staged names for the job's user.
    const file = await openSandboxed(media.videoDir, 7, staged.localVideoPath!);
    expect(file.size).toBe(MP4.length);
    await file.close();
    expect(statSync(staged.localVideoPath!).ino).toBe(statSync(join(videos, 'trip.mp4')).ino);
    await media.release();
    expect(() => statSync(media.videoDir)).toThrow();
    expect(readFileSync(join(videos, 'trip.mp4'))).toEqual(MP4);
  });

  it('a payload the node cannot read names no file to look at: it goes on unchanged, for the attempt to fail it payload_invalid before anything opens', async () => {
    const media = await check({ jobId: `job_${++n}`, attemptId: 'att_1' }, spec({ title: 5, localVideoPath: join(elsewhere, 'secret.mp4') }));
    expect(media).toMatchObject({ ok: true, spec: { payload: { title: 5, localVideoPath: join(elsewhere, 'secret.mp4') } } });
  });

  it('a job without local files passes unchanged', async () => {
    const media = await run({ title: 't', content: 'body' }, 'article');
    expect(media).toMatchObject({ ok: true, spec: { payload: { title: 't', content: 'body' } } });
  });
});

describe('errors', () => {
  const refused = async (payload: Record<string, unknown>, contentType?: JobSpec['contentType']) => {
    const media = await run(payload, contentType);
    expect(media.ok).toBe(false);
    return media as { ok: false; code: string; message: string };
  };

  it('outside the allowed folders: path_outside_allowed_folders, also through a link inside one', async () => {
    expect(await refused({ localVideoPath: join(elsewhere, 'secret.mp4') })).toMatchObject({ code: 'path_outside_allowed_folders', message: expect.stringContaining('add its folder in Plume Desktop first') });
    expect(await refused({ localVideoPath: join(videos, 'link-out.mp4') })).toMatchObject({ code: 'path_outside_allowed_folders', message: expect.stringContaining('through a link') });
    expect(await refused({ localVideoPath: '/etc/passwd' })).toMatchObject({ code: 'path_outside_allowed_folders' });
  });

  it('path rules: relative, ".." and a Windows path on Linux', async () => {
    expect((await refused({ localVideoPath: 'Videos/trip.mp4' })).code).toBe('path_not_absolute');
    expect((await refused({ localVideoPath: `${videos}/../Documents/secret.mp4` })).code).toBe('path_parent_segment');
    expect((await refused({ localVideoPath: 'C:\\Users\\ann\\Videos\\trip.mp4' })).code).toBe('path_not_absolute');
  });

  it('missing, a folder, not a video by content, a picture where a video belongs', async () => {
    expect((await refused({ localVideoPath: join(videos, 'gone.mp4') })).code).toBe('path_not_found');
    expect((await refused({ localVideoPath: join(videos, 'folder.mp4') })).code).toBe('path_not_regular_file');
    expect(await refused({ localVideoPath: join(videos, 'notes.mp4') })).toMatchObject({ code: 'path_not_media', message: expect.stringContaining('is not a video file by its content') });
    expect(await refused({ localVideoPath: join(pictures, 'cover.png') })).toMatchObject({ code: 'path_not_media', message: expect.stringContaining('it is a png picture') });
    expect((await refused({ images: [join(pictures, 'cover.png'), join(videos, 'trip.mp4')] }, 'dynamic')).code).toBe('path_not_media');
  });

  it('a refused job leaves no staging behind', async () => {
    await refused({ localVideoPath: join(videos, 'trip.mp4'), coverImagePath: join(elsewhere, 'secret.mp4') });
    expect(() => statSync(join(staging, `job_${n}--att_1`))).toThrow();
  });
});
