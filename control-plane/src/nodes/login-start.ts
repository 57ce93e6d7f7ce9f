/**
 * What starting and watching a relayed login takes, whoever asks: an admin
 * (logins.admin.routes.ts) for any user, or an integrator in the console for
 * their own account. Whether the node can open the login now, and the
 * Server-Sent Events stream of a login's state, QR and page frames.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { LoginRelay } from './login-relay.js';
import { type LoginRow, loginsRepository } from './logins.repository.js';

// Why: a stream silent this long is cut by proxies; a comment line keeps it open.
const KEEPALIVE_MS = 15_000;

/** Why a node cannot open a login for (user, platform) now; null when it can. */
export interface LoginRefusal {
  code: 'node_not_found' | 'node_revoked' | 'node_user_not_served' | 'node_offline' | 'login_platform_unsupported';
  message: string;
}

/**
 * Whether the node serves the user is asked before anything else about it,
 * so that for a node that does not serve them (revoked or not) the answer is
 * the same: the console hides such a node as it hides an unknown one.
 */
export async function loginRefusal(db: Db, nodeId: string, userId: number, platform: string): Promise<LoginRefusal | null> {
  const node = await loginsRepository.nodeReadiness(db, nodeId, userId);
  if (!node) return { code: 'node_not_found', message: `No node ${nodeId}` };
  if (!node.serves) return { code: 'node_user_not_served', message: `Node ${nodeId} does not serve user ${userId}: it logs in no account of theirs` };
  if (node.status === 'revoked') return { code: 'node_revoked', message: `Node ${nodeId} is revoked` };
  if (!node.online) return { code: 'node_offline', message: `Node ${nodeId} is not connected (or draining): a login needs it online` };
  const supported = Array.isArray(node.logins) ? node.logins : [];
  if (!supported.includes(platform)) {
    return { code: 'login_platform_unsupported', message: `Node ${nodeId} opens no login page for ${platform}${supported.length ? ` (it does for: ${supported.join(', ')})` : ''}` };
  }
  return null;
}

/**
 * Streams a login as text/event-stream: `state` (the login as `view` shows
 * it, first and after every step), `qr` ({text, purpose, shown}) and `frame`
 * ({seq, jpeg, width, height}); ends after the state that ends the login, or
 * when the client goes away. `first` is the login as read before the stream.
 */
export function streamLogin<V>(o: { db: Db; logins: LoginRelay; first: LoginRow; view: (l: LoginRow) => V; request: FastifyRequest; reply: FastifyReply }): void {
  const { db, logins, first, view, request, reply } = o;
  const id = first.id;
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no', 'x-request-id': request.id });
  const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let closed = false;
  let lastSeq = -1;
  // Frames are read in order, one at a time; a notice that arrives meanwhile asks for one more read.
  let reading: Promise<void> | null = null;
  let again = false;
  const readFrame = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const f = await loginsRepository.frame(db, id).catch(() => null);
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
    const l = await loginsRepository.get(db, id).catch(() => null);
    if (!l || closed) return;
    send('state', view(l));
    if (l.endedAt) end();
  };
  const stop = logins.watch(id, (n) => {
    if (closed) return;
    if (n.t === 'frame') return readFrame();
    if (n.event.type === 'qr') send('qr', { text: n.event.text ?? null, purpose: n.event.purpose, shown: n.event.shown });
    void stateNow();
  });
  const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
  keepalive.unref();
  request.raw.on('close', end);
  send('state', view(first));
  if (first.endedAt) return end();
  if (first.qr) send('qr', first.qr);
  readFrame();
}
