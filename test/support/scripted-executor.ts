/**
 * A small executor of the node protocol built on the dispatch tests' FakeNode
 * (real signed handshake, the shared catalog), publishing to the platform
 * simulator's juejin replica over plain HTTP instead of a browser. It is
 * written to be right — enroll, hello, heartbeats, offers, the commit gate
 * with a 10 s timeout and hand-back, an outbox resent after reconnects,
 * truthful activeJobs, verify, stop on 4403 — except for the one `flaw` a
 * test asks for, so the conformance kit's verdicts on it can be predicted:
 *
 *   publishes_before_commit_ack   publishes as it sends `commit`, without waiting
 *   ignores_attempt_ids           matches commit_ack and cancel by job id alone
 */
import { randomBytes } from 'node:crypto';
import {
  type ControlMessage,
  decodeControlMessage,
  generateKeyPair,
  NODE_PATHS,
  NODE_PROTOCOL_VERSION,
  type NodeMessage,
  nodeEnrollMessage,
  sha256Hex,
  sign,
  toBase64Url,
  utf8,
} from '../../shared/src/index.js';
import { FakeNode } from '../../control-plane/src/nodes/testing/fake-node.js';

export type ExecutorFlaw = 'none' | 'publishes_before_commit_ack' | 'ignores_attempt_ids';

export interface ScriptedExecutorOptions {
  controlUrl: string;
  enrollmentToken: string;
  /** The simulator's juejin base URL and the account logged in there. */
  platformUrl: string;
  account: string;
  flaw: ExecutorFlaw;
}

interface Job {
  jobId: string;
  attemptId: string;
  phase: 'accepted' | 'running' | 'committing' | 'committed';
  payload: Record<string, unknown>;
  settings: Record<string, unknown>;
  published: boolean;
  gate?: NodeJS.Timeout;
}

const JUEJIN_CATEGORY_BACKEND = '6809637769959178254';
const JUEJIN_TAG_TYPESCRIPT = '6809640543006490638';

export class ScriptedExecutor {
  private node: FakeNode | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly jobs = new Map<string, Job>();
  private readonly outbox = new Map<string, NodeMessage>();
  private readonly posts = new Map<string, { postId: string; url: string }>();
  private stopped = false;
  /** Resolves with the close code that stopped it (4403) or 0 when stop() was called. */
  readonly finished: Promise<number>;
  private finish!: (code: number) => void;

  private constructor(
    private readonly o: ScriptedExecutorOptions,
    private readonly nodeId: string,
    private readonly secretKey: Uint8Array,
  ) {
    this.finished = new Promise((r) => (this.finish = r));
  }

  static async start(o: ScriptedExecutorOptions): Promise<ScriptedExecutor> {
    const keys = await generateKeyPair();
    const publicKey = toBase64Url(keys.publicKey);
    const machineId = `scripted-${randomBytes(6).toString('hex')}`;
    const proof = toBase64Url(await sign(utf8(nodeEnrollMessage({ tokenSha256: sha256Hex(o.enrollmentToken), publicKey, machineId })), keys.secretKey));
    const res = await fetch(`${o.controlUrl}${NODE_PATHS.enroll}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: o.enrollmentToken, publicKey, machineId, fingerprint: 'scripted-executor', proof }),
    });
    if (res.status !== 201) throw new Error(`enroll: HTTP ${res.status} ${await res.text()}`);
    const { nodeId } = (await res.json()) as { nodeId: string };
    const executor = new ScriptedExecutor(o, nodeId, keys.secretKey);
    void executor.connect();
    return executor;
  }

  stop(): void {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.node?.kill();
    this.finish(0);
  }

  private send(m: NodeMessage): void {
    const node = this.node;
    if (node && node.socket.readyState === node.socket.OPEN) node.send(m);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let node: FakeNode;
    try {
      node = await FakeNode.connect(this.o.controlUrl, { nodeId: this.nodeId, secretKey: toBase64Url(this.secretKey) });
    } catch {
      setTimeout(() => void this.connect(), 500);
      return;
    }
    this.node = node;
    // The welcome can arrive before this listener exists (it may ride in the same read as the
    // upgrade answer, and ws emits it before the awaiting code resumes): FakeNode kept it.
    const early = node.received.splice(0);
    node.socket.on('message', (data: Buffer) => {
      const decoded = decodeControlMessage(data);
      if (decoded.ok) void this.handle(decoded.message);
    });
    for (const m of early) void this.handle(m);
    void node.closed.then(({ code }) => {
      if (this.heartbeat) clearInterval(this.heartbeat);
      if (this.node === node) this.node = null;
      if (code === 4403) {
        this.stopped = true;
        this.finish(code);
        return;
      }
      setTimeout(() => void this.connect(), 500);
    });
  }

  private async handle(m: ControlMessage): Promise<void> {
    switch (m.type) {
      case 'welcome':
        this.send({
          type: 'hello',
          v: NODE_PROTOCOL_VERSION,
          nodeId: this.nodeId,
          capabilities: {
            localVideoFile: 0,
            publishSettingsSnapshot: 1,
            concurrency: 2,
            platforms: ['juejin'],
            adapters: [{ platform: 'juejin', contentTypes: ['article'], settings: ['category', 'tags', 'summary'] }],
          },
          accounts: [{ externalRef: this.o.account, platform: 'juejin', displayName: 'Scripted', loginState: 'logged_in' }],
          activeJobs: [...this.jobs.values()].map((j) => ({ jobId: j.jobId, attemptId: j.attemptId, phase: j.phase })),
        });
        for (const pending of this.outbox.values()) this.send(pending);
        this.heartbeat = setInterval(() => this.send({ type: 'heartbeat', activeJobs: [...this.jobs.values()].map((j) => ({ jobId: j.jobId, attemptId: j.attemptId, phase: j.phase })) }), m.heartbeatMs);
        return;
      case 'offer': {
        const ref = { jobId: m.jobId, attemptId: m.attemptId };
        if (m.platform !== 'juejin') return this.send({ type: 'reject', ...ref, reason: 'unsupported_platform' });
        if (m.contentType !== 'article') return this.send({ type: 'reject', ...ref, reason: 'unsupported_content_type' });
        if (this.jobs.size >= 2) return this.send({ type: 'reject', ...ref, reason: 'busy' });
        this.jobs.set(m.jobId, { ...ref, phase: 'accepted', payload: {}, settings: {}, published: false });
        return this.send({ type: 'accept', ...ref });
      }
      case 'start': {
        const job = this.jobs.get(m.jobId);
        if (!job || job.attemptId !== m.attemptId || job.phase !== 'accepted') return;
        Object.assign(job, { phase: 'running', payload: m.job.payload, settings: m.job.settings });
        this.report({ type: 'progress', msgId: this.msgId(), jobId: job.jobId, attemptId: job.attemptId, seq: 1, step: 'started' });
        setTimeout(() => void this.commit(job), 300);
        return;
      }
      case 'commit_ack': {
        const job = this.jobs.get(m.jobId);
        if (!job || job.phase !== 'committing' || (this.o.flaw !== 'ignores_attempt_ids' && job.attemptId !== m.attemptId)) return;
        clearTimeout(job.gate);
        if (!m.ok) return this.giveBack(job, 'commit_refused');
        job.phase = 'committed';
        if (!job.published) await this.publish(job);
        return;
      }
      case 'cancel': {
        const job = this.jobs.get(m.jobId);
        if (!job || job.phase === 'committed' || (this.o.flaw !== 'ignores_attempt_ids' && job.attemptId !== m.attemptId)) return;
        clearTimeout(job.gate);
        return this.giveBack(job, 'cancelled');
      }
      case 'ack':
        for (const id of m.msgIds) this.outbox.delete(id);
        return;
      case 'verify': {
        const post = this.posts.get(m.jobId);
        this.report(post ? { type: 'verify_result', msgId: this.msgId(), jobId: m.jobId, attemptId: m.attemptId, found: true, ...post, candidates: 1 } : { type: 'verify_result', msgId: this.msgId(), jobId: m.jobId, attemptId: m.attemptId, found: false });
        return;
      }
      default:
        return;
    }
  }

  private async commit(job: Job): Promise<void> {
    if (this.jobs.get(job.jobId) !== job || job.phase !== 'running') return;
    if (!this.node) return this.giveBack(job, 'commit_refused');
    job.phase = 'committing';
    this.send({ type: 'commit', jobId: job.jobId, attemptId: job.attemptId });
    job.gate = setTimeout(() => this.giveBack(job, 'commit_refused'), 10_000);
    if (this.o.flaw === 'publishes_before_commit_ack') await this.publish(job);
  }

  private giveBack(job: Job, reason: string): void {
    if (this.jobs.get(job.jobId) === job) this.jobs.delete(job.jobId);
    this.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason });
  }

  /** Draft, then publish, on the simulator's juejin API (the CSRF token first, as the page does). */
  private async publish(job: Job): Promise<void> {
    job.published = true;
    const api = `${this.o.platformUrl}/api.juejin.cn`;
    const cookie = `sessionid=${this.o.account}`;
    const token = await fetch(`${api}/user_api/v1/sys/token`, { method: 'HEAD', headers: { cookie, 'x-secsdk-csrf-request': '1' } });
    const csrf = (token.headers.get('x-ware-csrf-token') ?? '').split(',')[1] ?? '';
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${api}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'x-secsdk-csrf-token': csrf }, body: JSON.stringify(body) });
      return (await res.json()) as { err_no: number; err_msg: string; data: Record<string, string> };
    };
    const draft = await call('/content_api/v1/article_draft/create', {
      title: String(job.payload.title),
      mark_content: String(job.payload.content),
      category_id: JUEJIN_CATEGORY_BACKEND,
      tag_ids: [JUEJIN_TAG_TYPESCRIPT],
      brief_content: String(job.settings.summary ?? job.payload.title),
    });
    const published = await call('/content_api/v1/article/publish', { draft_id: draft.data.id });
    if (published.err_no !== 0) {
      this.finishJob(job, { outcome: 'failed', error: { code: 'publish_refused', step: 'publish', message: published.err_msg } });
      return;
    }
    const post = { postId: published.data.article_id!, url: `${this.o.platformUrl}/juejin.cn/post/${published.data.article_id}` };
    this.posts.set(job.jobId, post);
    // The eager flaw publishes before the ack; its result still waits for it, like the rest of the job.
    const settle = (): void => {
      if (this.jobs.get(job.jobId) !== job) return; // given back meanwhile
      if (job.phase === 'committed') this.finishJob(job, { outcome: 'succeeded', ...post });
      else setTimeout(settle, 100);
    };
    settle();
  }

  private finishJob(job: Job, r: { outcome: 'succeeded'; postId: string; url: string } | { outcome: 'failed'; error: { code: string; step: string; message: string } }): void {
    if (this.jobs.get(job.jobId) === job) this.jobs.delete(job.jobId);
    this.report({ type: 'result', msgId: this.msgId(), jobId: job.jobId, attemptId: job.attemptId, ...r });
  }

  private report(m: NodeMessage & { msgId: string }): void {
    this.outbox.set(m.msgId, m);
    this.send(m);
  }

  private msgId(): string {
    return `msg_${randomBytes(8).toString('hex')}`;
  }
}
