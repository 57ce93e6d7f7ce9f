/**
 * docs/getting-started.md is a walk-through a newcomer follows from a fresh
 * checkout to a published article. This runs its shell blocks, exactly as
 * written and in order, in one bash: the compiled control plane on its
 * embedded database, the platform simulator, `plume-edge` enrolled and
 * running with Debian's Chromium, and the Open API calls. It then checks
 * what the reader is told to expect: the batch succeeded and the simulator
 * holds exactly one juejin post with the article's title.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../control-plane/src/testing/eventually.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DOC = join(ROOT, 'docs/getting-started.md');

/** The ```sh blocks of a Markdown document, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/** Processes that belong to the trial: its directory in their command line or environment (the daemon, its browsers, the servers). */
function trialProcesses(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      let environ = '';
      try {
        environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      } catch {
        /* another user's process */
      }
      if (cmdline.includes(dir) || environ.includes(dir)) found.push(`${pid} ${cmdline.replaceAll('\0', ' ').slice(0, 200)}`);
    } catch {
      /* it ended while being read */
    }
  }
  return found;
}

/**
 * The processes of a process group that still run, with their state. A member
 * that has exited and waits to be reaped (a zombie, state Z) runs nothing and
 * is left out; one still releasing its memory is listed, and gone a moment
 * later, which a loaded machine takes longer to reach.
 */
function groupMembers(pgid: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') found.push(`${pid} ${state} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`);
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

const trial = mkdtempSync(join(tmpdir(), 'plume-getting-started-'));
let group: number | undefined;

afterAll(() => {
  // The walk-through's last block stops what it started; this is for a run that failed halfway.
  if (group) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  rmSync(trial, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
});

describe('docs/getting-started.md', () => {
  it('has the blocks a reader runs, in the order the text gives', () => {
    const blocks = shellBlocks(readFileSync(DOC, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    expect(blocks[0]).toContain('control-plane/dist/main.js');
    expect(blocks.at(-1)).toContain('plume-edge stop');
    expect(blocks.at(-1)).toContain('wait');
    // The node's own pid file is what stops it: `$!` after `npx … &` is npm's pid, not the daemon's.
    expect(blocks.join('\n')).not.toMatch(/plume-edge run[^\n]*&\n\s*echo \$!/);
  });

  it('taken as written, publishes the article once to juejin on the simulator', async () => {
    const script = ['set -euo pipefail', ...shellBlocks(readFileSync(DOC, 'utf8'))].join('\n');
    const env: NodeJS.ProcessEnv = { ...process.env, TRIAL: trial, PORT: String(await freePort()), SIM_PORT: String(await freePort()) };
    // The reader's shell: no database URL (the embedded one), nothing of the test run's own settings.
    for (const name of Object.keys(env)) if (/^(DATABASE_URL|TEST_DATABASE_URL|PLUME_.*|VITEST.*)$/.test(name) && name !== 'PLUME_CHROMIUM_PATH') delete env[name];
    const bash = spawn('bash', ['-c', script], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    group = bash.pid;
    let output = '';
    bash.stdout.on('data', (b: Buffer) => (output += b.toString()));
    bash.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const code = await new Promise<number | null>((done) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-bash.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      // A first start creates the embedded database: up to two minutes under heavy load, beside the build and the publish.
      }, 540_000);
      bash.once('exit', (c) => {
        clearTimeout(timer);
        done(c);
      });
    });
    const logs = ['control-plane.log', 'edge.log', 'sim.log'].map((f) => {
      try {
        // Without the per-request lines, which would hide what went wrong.
        const lines = readFileSync(join(trial, f), 'utf8').split('\n').filter((l) => !/"msg":"(incoming request|request completed)"/.test(l));
        return `--- ${f}\n${lines.join('\n').slice(-4000)}`;
      } catch {
        return `--- ${f}: none`;
      }
    });
    const why = `${output}\n${logs.join('\n')}`;
    expect(code, why).toBe(0);
    // "Stop everything" stopped everything: nothing of the trial runs once its last block returned.
    expect(trialProcesses(trial), why).toEqual([]);
    await eventually(() => groupMembers(bash.pid!), { message: why }).toEqual([]);
    expect(output, why).toMatch(/plume-edge run \(pid \d+\) stopped\n/);
    // Block 1 says what it waits for and when it is ready; the control plane says it is creating its database.
    expect(output, why).toMatch(/^building \(about a minute the first time\)…\n/);
    expect(output, why).toMatch(/\nwaiting for the control plane at http:\/\/127\.0\.0\.1:\d+ \(up to 300 s; its log: \S+control-plane\.log\)\n(?: {2}still starting after \d+ s .*\n)*control plane ready at http:\/\/127\.0\.0\.1:\d+ after \d+ s\n/);
    expect(readFileSync(join(trial, 'control-plane.log'), 'utf8'), why).toMatch(/^plume: creating the embedded database in \S+\/db \(first start only[^\n]*\nplume: database ready in \d+ s; starting the HTTP server on /);
    expect(output, why).toMatch(/"state": "succeeded"/);
    // Block 6 prints each job's post URL: a field the batch answer has, so the reader sees the post's address.
    expect(output, why).toMatch(/"platform_url": "https?:\/\/[^"]+\/post\/\d+"/);
    // The console's first admin: the one-time link block 1's text points at, readable only by the reader.
    const setupLink = join(trial, 'db', 'console-setup-link');
    expect(readFileSync(setupLink, 'utf8'), why).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/pci_[A-Za-z0-9_-]{43}\n$/);
    expect(statSync(setupLink).mode & 0o777).toBe(0o600);
    const sim = JSON.parse(readFileSync(join(trial, 'sim.json'), 'utf8')) as { publishes: Array<{ platform: string; account: string; title: string; body: string }> };
    const posts = sim.publishes.filter((p) => p.platform === 'juejin');
    expect(posts, why).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: '7000000001', title: 'Hello from Plume' });
    expect(posts[0]!.body).toContain('This article went from the **Open API** through an edge node to juejin.');
  }, 600_000);
});
