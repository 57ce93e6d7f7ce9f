/**
 * The platform simulator in its own process, as a platform's servers are to
 * an edge node: the bytes a benchmark uploads are received, hashed and (with
 * BENCH_STORE) written by another process on its own core, not on the event
 * loop of the adapter that sends them. The process is
 * scripts/platform-simulator.mjs; methods are the in-process simulator's
 * (test/platform-simulator/index.ts), called over IPC.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('../../scripts/platform-simulator.mjs', import.meta.url));

export async function startSimulatorProcess() {
  // Its stdout is a line of JSON per accepted post (publishes() answers the same); errors go to stderr.
  const child = fork(CHILD, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const waiting = new Map();
  let seq = 0;
  child.on('message', (m) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(`simulator: ${m.error}`));
    else w.resolve(m.result);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the simulator process exited (${code})`));
    waiting.clear();
  });
  const call = (fn, ...args) =>
    new Promise((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      child.send({ id, fn, args });
    });
  const url = await call('url');
  return {
    pid: child.pid,
    url,
    baseUrl: (platform) => `${url}/${platform}`,
    configure: (platform, options) => call('configure', platform, options),
    setLoggedIn: (platform, account, loggedIn) => call('setLoggedIn', platform, account, loggedIn),
    sessionCookie: (platform, account) => call('sessionCookie', platform, account),
    publishes: (platform) => call('publishes', platform),
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      // It closes the simulator and exits; the call itself never answers.
      await call('close').catch(() => {});
      await exited;
    },
  };
}
