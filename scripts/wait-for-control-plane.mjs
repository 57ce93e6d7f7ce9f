#!/usr/bin/env node
/**
 * Waits until the control plane at URL is ready, for scripts that start it in
 * the background (docs/getting-started.md's first block):
 *
 *   node scripts/wait-for-control-plane.mjs <URL> [--pid <pid>] [--log <file>] [--timeout <seconds>]
 *
 * Ready means GET <URL>/readyz answers 200 with `"service":"plume-control-plane"`:
 * another program answering on the port is named as such, not taken for the
 * control plane. With --pid, the process exiting ends the wait at once, with
 * the end of --log. Progress is printed every 10 s (the first start creates
 * the embedded database: a minute or two on a busy machine). Exit 0 ready,
 * 1 the process exited, another program holds the port, or the bound passed.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const SERVICE = 'plume-control-plane';
// How often /readyz is asked: the answer is cheap, and a person waits on it.
const POLL_MS = 500;
// A line every 10 s tells a person the wait is alive and what the control plane last said.
const PROGRESS_MS = 10_000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pid: { type: 'string' }, log: { type: 'string' }, timeout: { type: 'string', default: '300' } },
});
const [url] = positionals;
if (!url || positionals.length !== 1 || !/^https?:\/\/[^/\s]+/.test(url) || !URL.canParse(url)) {
  process.stderr.write('usage: node scripts/wait-for-control-plane.mjs <URL> [--pid <pid>] [--log <file>] [--timeout <seconds>]\n');
  process.exit(64);
}
const base = url.replace(/\/+$/, '');
const timeoutS = Number(values.timeout);
const pid = values.pid === undefined ? undefined : Number(values.pid);
if (!Number.isInteger(timeoutS) || timeoutS < 1 || (pid !== undefined && !(Number.isInteger(pid) && pid > 1))) {
  process.stderr.write('--timeout must be whole seconds and --pid a process id\n');
  process.exit(64);
}

const say = (line) => process.stdout.write(`${line}\n`);
const logTail = (n) => {
  if (!values.log) return [];
  try {
    return readFileSync(values.log, 'utf8').trimEnd().split('\n').slice(-n);
  } catch {
    return [];
  }
};
/** The log's last line, shortened to its message when it is a JSON (pino) line. */
const lastSaid = () => {
  const [line] = logTail(1);
  if (!line) return null;
  try {
    const parsed = JSON.parse(line);
    if (typeof parsed.msg === 'string') return parsed.msg;
  } catch {
    /* a plain line */
  }
  return line.slice(0, 160);
};
const alive = () => {
  if (pid === undefined) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const fail = (message, tail = true) => {
  process.stderr.write(`${message}\n`);
  const lines = tail ? logTail(20) : [];
  if (lines.length) process.stderr.write(`--- the end of ${values.log}:\n${lines.join('\n')}\n---\n`);
  process.exit(1);
};

const started = Date.now();
let nextProgress = started + PROGRESS_MS;
let lastState = 'not answering yet';
say(`waiting for the control plane at ${base} (up to ${timeoutS} s${values.log ? `; its log: ${values.log}` : ''})`);
for (;;) {
  let answer = null;
  try {
    const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: not the control plane */
    }
    answer = { status: res.status, body, text };
  } catch {
    // Not listening yet (or not answering in time): the control plane is still starting.
  }
  if (answer) {
    if (answer.body?.service !== SERVICE) {
      fail(
        `${base} answers, but not as a Plume control plane (GET /readyz: HTTP ${answer.status} ${answer.text.slice(0, 80).replace(/\s+/g, ' ')}): ` +
          'another program holds the port; stop it or start the control plane on another PORT',
      );
    }
    if (answer.status === 200) {
      say(`control plane ready at ${base} after ${Math.round((Date.now() - started) / 1000)} s`);
      process.exit(0);
    }
    lastState = `answering ${answer.status}: ${answer.body.reason ?? answer.body.status}`;
  }
  if (!alive()) fail(`the control plane (pid ${pid}) exited before it was ready${values.log ? `; see ${values.log}` : ''}`);
  const now = Date.now();
  if (now - started >= timeoutS * 1000) {
    fail(`the control plane at ${base} is not ready after ${timeoutS} s (${lastState})${values.log ? `; see ${values.log}` : ''}`);
  }
  if (now >= nextProgress) {
    const said = lastSaid();
    say(`  still starting after ${Math.round((now - started) / 1000)} s (${lastState})${said ? `; last in the log: ${said}` : ''}`);
    nextProgress += PROGRESS_MS;
  }
  await new Promise((r) => setTimeout(r, POLL_MS));
}
