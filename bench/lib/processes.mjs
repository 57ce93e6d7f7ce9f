/**
 * Child processes a load benchmark needs: the real control plane
 * (control-plane/dist/main.js) and a bare Fastify baseline. Each is started
 * with its pid recorded so the caller can measure its CPU and stop exactly
 * that process (never by name).
 */
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (last: ${last})`);
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts `node control-plane/dist/main.js` on real PostgreSQL and waits for /readyz. */
export async function startControlPlane({ databaseUrl, adminToken, env = {}, nodeArgs = [], main = `${ROOT}control-plane/dist/main.js` }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PLUME_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/readyz`, child, 60_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, port, pid: child.pid, stop: () => stopChild(child) };
}

/** Starts bench/lib/baseline-server.mjs; sizes: { status: bytes, consume: bytes } of the JSON answers. */
export async function startBaseline(sizes) {
  const child = fork(fileURLToPath(new URL('./baseline-server.mjs', import.meta.url)), [JSON.stringify(sizes)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`baseline server exited with ${code}`);
    }),
  ]);
  const base = `http://127.0.0.1:${message.port}`;
  return { base, port: message.port, pid: child.pid, stop: () => stopChild(child) };
}

/** Runs bench/lib/load-generator.mjs in its own process; see `measuring` and `done`. */
export function runLoad(job) {
  const child = fork(fileURLToPath(new URL('./load-generator.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let result;
  let markMeasuring;
  const measuring = new Promise((resolve) => (markMeasuring = resolve));
  child.on('message', (m) => {
    if (m.type === 'measuring') markMeasuring();
    if (m.type === 'result') result = m.result;
  });
  const done = once(child, 'exit').then(([code, signal]) => {
    if (code !== 0 || !result) throw new Error(`load generator ${signal ? `killed by ${signal}` : `exited with ${code}`} without a result`);
    return result;
  });
  child.send(job);
  return {
    pid: child.pid,
    /** Resolves when warm-up is over and the measured run starts; rejects if the generator dies first. */
    measuring: Promise.race([measuring, done.then(() => {})]),
    done,
    stop: () => stopChild(child),
  };
}

/**
 * A lean HTTP/1.1 client for measured requests: `node:http` over a keep-alive
 * agent of at most `connections` sockets. The load generator shares the
 * machine with the server and PostgreSQL, so its own cost counts: WHATWG
 * `fetch` (undici behind web streams and abort signals) cost the dispatch
 * benchmark about 0.2 of its 2 cores. Resolves { status, json }.
 */
export function keepAliveClient(base, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const url = new URL(base);
  return {
    request(method, path, headers, body) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          { host: url.hostname, port: url.port, method, path, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
              try {
                resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
              } catch (error) {
                reject(error);
              }
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** POST JSON, parse JSON; throws with the body on a non-2xx answer. */
export async function postJson(url, body, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${text}`);
  return { status: res.status, text, json: JSON.parse(text) };
}

/**
 * Stops a process started in its own group (`detached`): SIGTERM, so it drains and closes its
 * Chromium; the whole group is killed if it has not exited within `graceMs`. Resolves once it exited.
 */
export async function stopProcessGroup(child, graceMs = 20_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}
