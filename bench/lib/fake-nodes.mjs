/**
 * Scripted edge nodes for the dispatch benchmarks: enrolled through the real
 * enrollment routes (an admin's token, the node's Ed25519 proof), then driven
 * by control-plane/dist/nodes/testing/fake-node.js over a real WebSocket.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { generateEd25519, signEd25519 } from '../../control-plane/dist/crypto/ed25519.js';
import { postJson } from './processes.mjs';

/** Enrolls an edge node serving `userId`; answers its id and secret key (what FakeNode connects with). */
export async function enrollEdgeNode(base, adminToken, userId) {
  const admin = { authorization: `Bearer ${adminToken}` };
  const { json: token } = await postJson(`${base}/api/admin/nodes/enrollment-tokens`, { kind: 'edge', userIds: [userId], name: 'bench' }, admin);
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.token), publicKey: key.publicKey, machineId }));
  const { json } = await postJson(`${base}/api/nodes/v1/enroll`, { token: token.token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof });
  if (!json.nodeId) throw new Error(`enroll failed: ${JSON.stringify(json)}`);
  return { nodeId: json.nodeId, secretKey: key.privateKey };
}

/**
 * Makes `fake` complete every job at once (offer → accept, start → commit, commit_ack → result):
 * `hooks.onStart(jobId, t)` at each start (performance.now()), `hooks.onDone(count)` for each
 * acknowledgement of results.
 */
export function completeEveryJob(fake, hooks) {
  let seq = 0;
  fake.socket.on('message', () => {
    for (const m of fake.received.splice(0)) {
      if (m.type === 'offer') fake.send({ type: 'accept', jobId: m.jobId, attemptId: m.attemptId });
      else if (m.type === 'start') {
        hooks.onStart(m.jobId, performance.now());
        fake.send({ type: 'commit', jobId: m.jobId, attemptId: m.attemptId });
      } else if (m.type === 'commit_ack' && m.ok) {
        fake.send({ type: 'result', msgId: `r-${++seq}-${randomBytes(3).toString('hex')}`, jobId: m.jobId, attemptId: m.attemptId, outcome: 'succeeded', postId: `BV${seq}` });
      } else if (m.type === 'commit_ack' && !m.ok) throw new Error(`commit refused: ${m.reason}`);
      else if (m.type === 'ack') hooks.onDone(m.msgIds.length);
    }
  });
}
