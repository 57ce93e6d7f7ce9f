/**
 * A stand-in control plane for ONE edge node, for the edge job benchmarks:
 * the node protocol (shared/src/node-protocol.ts) over a real WebSocket,
 * nothing else. It answers `plume-edge enroll` with a node id, welcomes the
 * node, and runs a job the way the control plane's dispatcher does: offer →
 * (accept) → start → (commit) → commit_ack → (result), acknowledging every
 * outbox message (progress, result) so the node's outbox stays empty.
 *
 * It does not check the enrollment proof or the connect signature, and keeps
 * nothing in a database: the benchmarks measure the node, and a real control
 * plane's own work (PostgreSQL, its event loop) would land on the same two
 * cores. Every frame from the node is parsed by the control plane's own
 * decoder (decodeNodeMessage): a frame the real one would refuse fails the
 * benchmark.
 *
 * Times are taken on this process's clock (performance.now()) as frames are
 * sent and received; on localhost a frame takes well under a millisecond.
 */
import { createServer } from 'node:http';
import { decodeNodeMessage, encodeMessage, NODE_PATHS, NODE_PROTOCOL_VERSION } from '@plume/shared';
import { WebSocketServer } from 'ws';

/** Welcome timers: a heartbeat and ping rarely enough to cost nothing, the node's silence timer never firing. */
const WELCOME = { leaseMs: 600_000, heartbeatMs: 20_000, pingMs: 10_000 };

export async function startNodeHub() {
  let socket = null;
  let hello = null;
  let accounts = [];
  let failure = null;
  const waiters = new Set();
  /** jobKey → { accepted, rejected, commitAt, result, progress: [{ step, at }] } */
  const jobs = new Map();
  const key = (jobId, attemptId) => `${jobId}/${attemptId}`;
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === NODE_PATHS.enroll) {
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ nodeId: 'node_bench', kind: 'edge' }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, sock, head) => {
    if (!req.url?.startsWith(NODE_PATHS.connect)) return sock.destroy();
    wss.handleUpgrade(req, sock, head, (ws) => wss.emit('connection', ws));
  });
  let pinger = null;
  wss.on('connection', (ws) => {
    socket?.terminate();
    socket = ws;
    ws.send(encodeMessage({ type: 'welcome', v: NODE_PROTOCOL_VERSION, epoch: 1, ...WELCOME, serverTime: Date.now() }));
    clearInterval(pinger);
    pinger = setInterval(() => ws.ping(), WELCOME.pingMs);
    ws.on('message', (data) => {
      const at = performance.now();
      const decoded = decodeNodeMessage(data);
      if (!decoded.ok) {
        failure = new Error(`the node sent a frame the control plane refuses: ${decoded.reason}`);
        wake();
        return;
      }
      const m = decoded.message;
      if ('msgId' in m) ws.send(encodeMessage({ type: 'ack', msgIds: [m.msgId] }));
      const job = 'jobId' in m ? jobs.get(key(m.jobId, m.attemptId)) : undefined;
      switch (m.type) {
        case 'hello':
          hello = m;
          accounts = m.accounts;
          break;
        case 'accounts':
          accounts = m.accounts;
          break;
        case 'accept':
          if (job) job.accepted = true;
          break;
        case 'reject':
          if (job) job.rejected = m.reason ?? 'rejected';
          break;
        case 'progress':
          job?.progress.push({ step: m.step, at });
          break;
        case 'commit':
          if (job) {
            job.commitAt = at;
            // The click waits for this answer: sent at once, as a control plane with nothing to refuse would.
            ws.send(encodeMessage({ type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: true }));
          }
          break;
        case 'result':
          if (job) job.result = { ...m, at };
          break;
        default:
          break;
      }
      wake();
    });
    ws.on('close', () => {
      if (socket === ws) socket = null;
      wake();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  /** Resolves when `what()` is truthy (re-checked on every frame); rejects after `ms` or on a refused frame. */
  function until(what, ms, label) {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (failure) return done(() => reject(failure));
        const value = what();
        if (value) done(() => resolve(value));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`node hub: no ${label} within ${ms} ms`))), ms);
      const done = (settle) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });
  }

  const send = (message) => {
    if (!socket) throw new Error('node hub: the node is not connected');
    socket.send(encodeMessage(message));
  };

  /**
   * Offers the job, starts it once accepted, and resolves with its timeline
   * once the result is in: `start` and `commitAt`/`result.at` on this
   * process's clock, every progress report with its time. A reject rejects.
   */
  async function runJob(jobId, spec, { timeoutMs = 300_000 } = {}) {
    const attemptId = `att_${jobId}`;
    const job = { accepted: false, rejected: null, commitAt: null, result: null, progress: [] };
    jobs.set(key(jobId, attemptId), job);
    try {
      send({ type: 'offer', jobId, attemptId, platform: spec.platform, contentType: spec.contentType, deadline: Date.now() + 30_000 });
      await until(() => job.accepted || job.rejected, 30_000, `answer to the offer of ${jobId}`);
      if (job.rejected) throw new Error(`the node rejected ${jobId}: ${job.rejected}`);
      const start = performance.now();
      send({ type: 'start', jobId, attemptId, job: spec, leaseUntil: Date.now() + WELCOME.leaseMs });
      await until(() => job.result || job.rejected, timeoutMs, `result of ${jobId}`);
      if (job.rejected) throw new Error(`the node gave ${jobId} back: ${job.rejected}`);
      return { start, commitAt: job.commitAt, result: job.result, progress: job.progress };
    } finally {
      jobs.delete(key(jobId, attemptId));
    }
  }

  return {
    url,
    runJob,
    /** Resolves with the node's hello once it connected. */
    connected: (ms = 60_000) => until(() => hello, ms, 'hello from the node'),
    /** Resolves once the node reports every account in `refs` with `state` (after its login checks). */
    accountsIn: (refs, state, ms = 180_000) =>
      until(() => refs.every((ref) => accounts.some((a) => a.externalRef === ref && a.loginState === state)), ms, `login state ${state} of ${refs.join(', ')}`),
    async close() {
      clearInterval(pinger);
      socket?.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
