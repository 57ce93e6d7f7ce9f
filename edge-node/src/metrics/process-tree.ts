/**
 * The processes a process started, read from /proc: Chromium and its
 * helpers (zygote, renderers, GPU and network services) are all descendants
 * of the daemon, since playwright-core spawns the browser from it. Memory per
 * process from /proc/<pid>/status (VmRSS: resident, shared pages counted in
 * every process that maps them) and /proc/<pid>/smaps_rollup (Pss: shared
 * pages divided among their users, so the sum is what the tree really holds).
 * A process that exits while it is read, or has exited and awaits its
 * parent (a zombie), is skipped.
 */
import { readdir, readFile } from 'node:fs/promises';

export interface TreeUsage {
  processes: number;
  rssBytes: number;
  pssBytes: number;
}

/** ppid of every process, from the 4th field of /proc/<pid>/stat (after the parenthesised name, which may hold spaces). */
async function parents(proc: string): Promise<Map<number, number[]>> {
  const children = new Map<number, number[]>();
  const pids = (await readdir(proc)).filter((name) => /^\d+$/.test(name));
  await Promise.all(
    pids.map(async (name) => {
      const stat = await readFile(`${proc}/${name}/stat`, 'utf8').catch(() => null);
      if (!stat) return;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const list = children.get(ppid);
      if (list) list.push(Number(name));
      else children.set(ppid, [Number(name)]);
    }),
  );
  return children;
}

const kib = (text: string | null, field: string): number => {
  const m = text ? new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text) : null;
  return m ? Number(m[1]) * 1024 : 0;
};

/** Descendants of `root` (not root itself) and their memory. */
export async function descendantUsage(root: number, proc = '/proc'): Promise<TreeUsage> {
  const children = await parents(proc);
  const found: number[] = [];
  for (let queue = [...(children.get(root) ?? [])]; queue.length > 0; ) {
    const pid = queue.pop()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const usage = await Promise.all(
    found.map(async (pid) => {
      const [status, rollup] = await Promise.all([
        readFile(`${proc}/${pid}/status`, 'utf8').catch(() => null),
        readFile(`${proc}/${pid}/smaps_rollup`, 'utf8').catch(() => null),
      ]);
      // A zombie (exited, not yet reaped) holds no memory and is no longer a browser process.
      return { alive: status !== null && !/^State:\s+Z/m.test(status), rss: kib(status, 'VmRSS'), pss: kib(rollup, 'Pss') };
    }),
  );
  const alive = usage.filter((u) => u.alive);
  return {
    processes: alive.length,
    rssBytes: alive.reduce((n, u) => n + u.rss, 0),
    pssBytes: alive.reduce((n, u) => n + u.pss, 0),
  };
}
