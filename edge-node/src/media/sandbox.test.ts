import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPath, openSandboxed, PathRefused, type RefusalReason } from './sandbox.js';

let root: string;
let videos: string;
let user: string;
let outside: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'plume-sandbox-'));
  videos = join(root, 'videos');
  user = join(videos, '7');
  outside = join(root, 'outside');
  for (const d of [join(user, 'sub'), join(user, 'dir'), join(videos, '8'), outside, join(user, 'race-real')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(user, 'a.mp4'), 'INSIDE-A');
  writeFileSync(join(user, 'sub', 'b.mp4'), 'INSIDE-B');
  writeFileSync(join(user, 'race-real', 'v.mp4'), 'INSIDE-RACE');
  writeFileSync(join(videos, '8', 'c.mp4'), 'OTHER-USER');
  writeFileSync(join(outside, 'secret.mp4'), 'OUTSIDE');
  writeFileSync(join(outside, 'b.mp4'), 'OUTSIDE-B');
  writeFileSync(join(outside, 'v.mp4'), 'OUTSIDE-RACE');
  symlinkSync(join(user, 'a.mp4'), join(user, 'link-in'));
  symlinkSync('sub/b.mp4', join(user, 'link-in-relative'));
  symlinkSync(join(outside, 'secret.mp4'), join(user, 'link-out'));
  symlinkSync('../../outside/secret.mp4', join(user, 'link-out-relative'));
  symlinkSync(join(videos, '8', 'c.mp4'), join(user, 'link-other'));
  symlinkSync('/dev/null', join(user, 'devnull'));
  symlinkSync('/etc/passwd', join(user, 'passwd'));
  symlinkSync(outside, join(user, 'dirlink'));
  symlinkSync(join(user, 'loop2'), join(user, 'loop1'));
  symlinkSync(join(user, 'loop1'), join(user, 'loop2'));
  execFileSync('mkfifo', [join(user, 'fifo')]);
  symlinkSync(outside, join(videos, '9'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function refusal(path: string, userId: number | string = 7, hooks = {}): Promise<RefusalReason> {
  const error = await openSandboxed(videos, userId, path, hooks).then(
    async (f) => {
      await f.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error, path).toBeInstanceOf(PathRefused);
  return (error as PathRefused).reason;
}

describe('happy path', () => {
  it('opens a regular file inside the owner\'s tree and reads through the descriptor', async () => {
    const f = await openSandboxed(videos, 7, join(user, 'a.mp4'));
    expect(f.size).toBe(8);
    expect(f.realPath).toBe(join(user, 'a.mp4'));
    expect((await f.handle.readFile()).toString()).toBe('INSIDE-A');
    await f.close();
  });

  it('follows symlinks that stay inside the tree', async () => {
    for (const [link, content] of [
      ['link-in', 'INSIDE-A'],
      ['link-in-relative', 'INSIDE-B'],
    ]) {
      const f = await openSandboxed(videos, '7', join(user, link!));
      expect((await f.handle.readFile()).toString()).toBe(content);
      await f.close();
    }
  });

  it('the browser path leads to the opened file even after the original is swapped', async () => {
    writeFileSync(join(user, 'swap-me.mp4'), 'ORIGINAL');
    const f = await openSandboxed(videos, 7, join(user, 'swap-me.mp4'));
    const staged = await browserPath(f, join(root, 'staging'), 0);
    expect(staged.endsWith('/swap-me.mp4')).toBe(true);
    expect(readlinkSync(staged)).toBe(`/proc/${process.pid}/fd/${f.handle.fd}`);
    rmSync(join(user, 'swap-me.mp4'));
    symlinkSync(join(outside, 'secret.mp4'), join(user, 'swap-me.mp4'));
    expect(await readFile(staged, 'utf8')).toBe('ORIGINAL');
    await f.close();
  });
});

describe('errors', () => {
  it.each([
    ['relative path', 'a.mp4', 'not_absolute'],
    ['relative with the user dir', '7/a.mp4', 'not_absolute'],
    ['.. inside the path', '/VIDEOS/7/../8/c.mp4', 'parent_segment'],
    ['.. that would come back', '/VIDEOS/7/sub/../a.mp4', 'parent_segment'],
    ['NUL byte', '/VIDEOS/7/a.mp4\0.png', 'invalid_path'],
    ['empty', '', 'invalid_path'],
    ['symlink out of the tree', '/VIDEOS/7/link-out', 'outside_user_directory'],
    ['relative symlink out of the tree', '/VIDEOS/7/link-out-relative', 'outside_user_directory'],
    ['symlink into another user\'s tree', '/VIDEOS/7/link-other', 'outside_user_directory'],
    ['another user\'s file directly', '/VIDEOS/8/c.mp4', 'outside_user_directory'],
    ['/dev/null through a symlink', '/VIDEOS/7/devnull', 'outside_user_directory'],
    ['/etc/passwd through a symlink', '/VIDEOS/7/passwd', 'outside_user_directory'],
    ['a file under a symlinked directory', '/VIDEOS/7/dirlink/b.mp4', 'outside_user_directory'],
    ['a directory', '/VIDEOS/7/dir', 'not_regular_file'],
    ['the user directory itself', '/VIDEOS/7', 'outside_user_directory'],
    ['a FIFO (without blocking)', '/VIDEOS/7/fifo', 'not_regular_file'],
    ['a symlink loop', '/VIDEOS/7/loop1', 'invalid_path'],
    ['a missing file', '/VIDEOS/7/nope.mp4', 'not_found'],
    ['outside everything', '/etc/passwd', 'outside_user_directory'],
  ] as const)('refuses %s', async (_name, template, reason) => {
    expect(await refusal(template.replace('/VIDEOS', videos))).toBe(reason);
  });

  it('refuses bad owners and an owner directory that leads out of the video tree', async () => {
    expect(await refusal(join(user, 'a.mp4'), '../7')).toBe('invalid_user');
    expect(await refusal(join(user, 'a.mp4'), 0)).toBe('invalid_user');
    expect(await refusal(join(user, 'a.mp4'), 'abc')).toBe('invalid_user');
    expect(await refusal(join(videos, '9', 'secret.mp4'), 9)).toBe('outside_user_directory');
    expect(await refusal(join(videos, '404', 'x.mp4'), 404)).toBe('no_user_directory');
  });
});

describe('security', () => {
  it('a file swapped for a symlink between the check and the open is refused', async () => {
    writeFileSync(join(user, 'toctou.mp4'), 'INSIDE');
    const reason = await refusal(join(user, 'toctou.mp4'), 7, {
      beforeOpen: () => {
        rmSync(join(user, 'toctou.mp4'));
        symlinkSync(join(outside, 'secret.mp4'), join(user, 'toctou.mp4'));
      },
    });
    expect(reason).toBe('symlink_swapped');
  });

  it('a directory swapped for a symlink between the check and the open is caught on the descriptor', async () => {
    mkdirSync(join(user, 'swapdir'));
    writeFileSync(join(user, 'swapdir', 'b.mp4'), 'INSIDE');
    const reason = await refusal(join(user, 'swapdir', 'b.mp4'), 7, {
      beforeOpen: () => {
        renameSync(join(user, 'swapdir'), join(root, 'stash'));
        symlinkSync(outside, join(user, 'swapdir'));
      },
    });
    expect(reason).toBe('changed_during_open');
  });

  it('10,000 generated hostile paths: zero escapes', async () => {
    const segments = ['a.mp4', 'sub', 'b.mp4', '..', '.', '', 'link-in', 'link-out', 'link-other', 'devnull', 'dirlink', 'fifo', 'dir', 'passwd', '8', '7', 'c.mp4', 'secret.mp4', 'loop1', '%2e%2e', '\u202e', 'a.mp4\0', 'ü.mp4'];
    const prefixes = [user, videos, root, outside, '/', '', join(user, 'sub'), '/proc/self/root' + user, '/dev', join(videos, '8')];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const allowed = `${user}/`;
    let opened = 0;
    for (let i = 0; i < 10_000; i++) {
      const parts = Array.from({ length: 1 + rand(4) }, () => segments[rand(segments.length)]!);
      const path = [prefixes[rand(prefixes.length)]!, ...parts].join(rand(10) === 0 ? '//' : '/');
      const owner = rand(20) === 0 ? 8 : 7;
      try {
        const f = await openSandboxed(videos, owner, path);
        opened++;
        const real = readlinkSync(`/proc/self/fd/${f.handle.fd}`);
        const st = await f.handle.stat();
        await f.close();
        expect(st.isFile(), path).toBe(true);
        expect(real.startsWith(owner === 7 ? allowed : `${videos}/8/`), `${JSON.stringify(path)} escaped to ${real}`).toBe(true);
      } catch (e) {
        if (!(e instanceof PathRefused)) throw e;
      }
    }
    // Not vacuous: legitimate paths among the generated ones do open.
    expect(opened).toBeGreaterThan(50);
  });

  it('a directory flipping to a symlink out of the tree while we open in a loop: zero escapes', async () => {
    const race = join(user, 'race-real');
    const stash = join(user, 'race-stash');
    const swapper = spawn('bash', ['-c', `end=$((SECONDS+3)); while [ $SECONDS -lt $end ]; do mv -T "${race}" "${stash}" && ln -s "${outside}" "${race}" && rm "${race}" && mv -T "${stash}" "${race}"; done`], { stdio: 'ignore' });
    const exited = new Promise((r) => swapper.once('exit', r));
    let ok = 0;
    let refused = 0;
    const until = Date.now() + 2500;
    while (Date.now() < until) {
      try {
        const f = await openSandboxed(videos, 7, join(race, 'v.mp4'));
        const content = (await f.handle.readFile()).toString();
        await f.close();
        expect(content).toBe('INSIDE-RACE');
        ok++;
      } catch (e) {
        if (!(e instanceof PathRefused)) throw e;
        refused++;
      }
    }
    await exited;
    expect(ok + refused).toBeGreaterThan(100);
    expect(ok).toBeGreaterThan(0);
  });
});
