/**
 * What the edge upload bench measures the upload against besides the bare
 * HTTP sender (upos-sender.mjs): `cp` of the file on the same disk, and the
 * floor of any browser upload here (a bare page in Chromium sending the same
 * chunks). Also the CPU accounting of a process tree, from /proc.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** CPU seconds of `root` and all its descendants (Chromium is a child of this process), from /proc; null off Linux. */
export function treeCpuSeconds(root) {
  try {
    const procs = [];
    for (const p of readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        procs.push({ pid: Number(p), ppid: Number(f[1]), seconds: (Number(f[11]) + Number(f[12])) / 100 });
      } catch {
        // gone meanwhile
      }
    }
    let total = 0;
    const todo = [root];
    while (todo.length) {
      const pid = todo.pop();
      for (const p of procs) {
        if (p.pid === pid) total += p.seconds;
        if (p.ppid === pid) todo.push(p.pid);
      }
    }
    return total;
  } catch {
    return null;
  }
}

export const selfCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * The floor: Chromium uploads `video` from a bare page as `chunkBytes` PUTs,
 * three in flight, to a server that counts and discards. Seconds from the
 * first PUT to the last answer; throws unless every byte arrived.
 */
export async function bareChromiumUpload(launch, video, chunkBytes) {
  let received = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><input type="file" id="f">');
      return;
    }
    req.on('data', (c) => {
      received += c.length;
    });
    req.on('end', () => res.end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const floorBrowser = await launch();
  try {
    const page = await floorBrowser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.setInputFiles('#f', video);
    execFileSync('sync');
    const t0 = performance.now();
    await page.evaluate(async (chunk) => {
      const file = document.getElementById('f').files[0];
      let next = 0;
      const sender = async () => {
        while (next < file.size) {
          const at = next;
          next += chunk;
          const res = await fetch('/upload', { method: 'PUT', body: file.slice(at, Math.min(file.size, at + chunk)) });
          if (!res.ok) throw new Error(`PUT answered ${res.status}`);
        }
      };
      await Promise.all([sender(), sender(), sender()]);
    }, chunkBytes);
    const seconds = (performance.now() - t0) / 1000;
    const size = statSync(video).size;
    if (received !== size) throw new Error(`the bare upload delivered ${received} of ${size} bytes`);
    return seconds;
  } finally {
    await floorBrowser.close();
    server.close();
  }
}

/**
 * One timed `cp --reflink=never` of the file on the same disk. `toDisk`: the
 * page cache is dropped first (the source is read from the disk) and `sync`
 * is inside the timing (the copy is on the disk); that needs root, and null
 * comes back without it.
 */
export function timedCopy(video, dir, { toDisk = false } = {}) {
  execFileSync('sync');
  if (toDisk) {
    try {
      writeFileSync('/proc/sys/vm/drop_caches', '3');
    } catch {
      return null;
    }
  }
  const c0 = performance.now();
  execFileSync('cp', ['--reflink=never', video, join(dir, 'copy.mp4')]);
  if (toDisk) execFileSync('sync');
  const seconds = (performance.now() - c0) / 1000;
  rmSync(join(dir, 'copy.mp4'));
  return seconds;
}
