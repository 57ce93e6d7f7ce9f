/**
 * The page of a job awaiting input as Server-Sent Events, for whoever may
 * answer it (the integrator in the console, an admin): `state` (the job's
 * state and open challenge, `view` shapes it; first and after every change)
 * and `frame` ({seq, jpeg, width, height}: the live page, a few a second at
 * most). The stream ends once the job waits on no one any more (it resumed
 * or ended), or when the client goes away.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { openChallenge } from './challenge-view.js';
import { type ChallengedJob, challengesRepository } from './challenges.repository.js';
import type { InputRelay } from './input-relay.js';

// Why: a stream silent this long is cut by proxies; a comment line keeps it open.
const KEEPALIVE_MS = 15_000;

export function streamChallenge<V>(o: {
  db: Db;
  inputs: InputRelay;
  first: ChallengedJob;
  /** Reads the job again (scoped to whoever watches). */
  reload: () => Promise<ChallengedJob | null>;
  view: (j: ChallengedJob) => V;
  request: FastifyRequest;
  reply: FastifyReply;
}): void {
  const { db, inputs, first, reload, view, request, reply } = o;
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no', 'x-request-id': request.id });
  const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let closed = false;
  let lastSeq = -1;
  let attemptId = openChallenge(first)?.attemptId ?? null;
  // Frames are read in order, one at a time; a notice that arrives meanwhile asks for one more read.
  let reading: Promise<void> | null = null;
  let again = false;
  const readFrame = () => {
    if (!attemptId) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const f = attemptId ? await challengesRepository.frame(db, first.id, attemptId).catch(() => null) : null;
        if (f && f.seq !== lastSeq && !closed) {
          lastSeq = f.seq;
          send('frame', f);
        }
      } while (again && !closed);
    })().finally(() => (reading = null));
  };
  const end = () => {
    if (closed) return;
    closed = true;
    stop();
    clearInterval(keepalive);
    out.end();
  };
  const stateNow = async () => {
    const j = await reload().catch(() => null);
    if (!j || closed) return;
    send('state', view(j));
    const open = openChallenge(j);
    if (!open) return end();
    if (open.attemptId !== attemptId) {
      attemptId = open.attemptId;
      lastSeq = -1;
    }
    readFrame();
  };
  const stop = inputs.watch(first.id, (n) => {
    if (closed) return;
    if (n.t === 'frame') return readFrame();
    void stateNow();
  });
  const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
  keepalive.unref();
  request.raw.on('close', end);
  send('state', view(first));
  if (!attemptId) return end();
  readFrame();
}
