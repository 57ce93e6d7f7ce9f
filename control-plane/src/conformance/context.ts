/**
 * What every scenario works with: the plane, the executor's identity as it
 * enrolled, the account it reported, and helpers to publish through the Open
 * API, wait for frames, and judge the commit gate from the simulator's record
 * of posts against the times the proxy delivered each commit_ack.
 */
import type { Frame } from './proxy.js';
import type { Plane } from './plane.js';

/** A check's verdict with its reason; anything else thrown is reported as a failure too. */
export class Fail extends Error {}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Settings each platform's simulator requires of an article (what an integrator would send). */
const ARTICLE_SETTINGS: Record<string, Record<string, unknown>> = {
  juejin: { category: 'backend', tags: ['TypeScript'], summary: 'A conformance check of the node protocol.' },
};

export interface Post {
  platform: string;
  account: string;
  postId: string;
  title?: string;
  body?: string;
  at: string;
}

export class Ctx {
  nodeId = '';
  publicKey = '';
  accountId = 0;
  contentType: 'article' | 'dynamic' = 'article';
  private seq = 0;

  constructor(
    readonly plane: Plane,
    readonly platform: string,
    readonly account: string,
    readonly executor: 'edge' | 'desktop',
  ) {}

  get proxy() {
    return this.plane.proxy;
  }

  /** A marker no other scenario's content carries: posts are told apart by it. */
  marker(scenario: string): string {
    return `conformance-${scenario}-${++this.seq}-${Date.now().toString(36)}`;
  }

  async openapi(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: Record<string, any> }> {
    const res = await this.plane.app.inject({ method, url: `/api/openapi/v1${path}`, headers: this.plane.userHeaders, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  }

  async admin(method: 'GET' | 'POST', path: string): Promise<Record<string, any>> {
    const res = await this.plane.app.inject({ method, url: `/api/admin${path}`, headers: this.plane.adminHeaders });
    if (res.statusCode >= 300) throw new Error(`admin ${method} ${path}: HTTP ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, any>;
  }

  /** Publishes one post carrying `marker` to the account; answers the job id the offer will name. */
  async publish(marker: string): Promise<{ batchId: string; jobId: string }> {
    const settings = { [this.platform]: ARTICLE_SETTINGS[this.platform] ?? {} };
    let res;
    if (this.contentType === 'article') {
      const article = await this.openapi('POST', '/articles', { title: `Conformance ${marker}`, content: `# ${marker}\n\nPublished by the Plume conformance kit.\n`, contentProvenance: 'human' });
      if (article.status >= 300) throw new Error(`POST /articles: ${article.status} ${JSON.stringify(article.body)}`);
      res = await this.openapi('POST', '/publish', { articleId: article.body.article_id, executor: this.executor, accountIds: [this.accountId], platformSettings: settings });
    } else {
      res = await this.openapi('POST', '/publish/dynamic', { executor: this.executor, accountIds: [this.accountId], content: `Conformance ${marker}`, platformSettings: settings });
    }
    if (res.status >= 300) throw new Error(`publish: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    return { batchId: res.body.batch_id as string, jobId: res.body.jobs[0].job_id as string };
  }

  /**
   * Waits (up to a minute) until the control plane counts no job in flight on the node, so one
   * scenario's leftovers (a job being verified after a failed check) do not take the next one's slot.
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { node } = await this.admin('GET', `/nodes/${this.nodeId}`);
      if (node.jobsInFlight === 0 && node.jobsQueued === 0) return;
      await sleep(500);
    }
  }

  /** The batch once terminal (succeeded, failed, partial), or a Fail after `timeoutMs`. */
  async batchDone(batchId: string, timeoutMs: number): Promise<Record<string, any>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await this.openapi('GET', `/publish/${batchId}`);
      if (['succeeded', 'failed', 'partial'].includes(body.state as string)) return body;
      if (Date.now() > deadline) throw new Fail(`the job did not finish within ${timeoutMs / 1000} s (job ${body.jobs?.[0]?.state ?? '?'})`);
      await sleep(300);
    }
  }

  posts(marker: string): Post[] {
    return this.plane.sim.publishes(this.platform).filter((p: Post) => p.account === this.account && ((p.title ?? '').includes(marker) || (p.body ?? '').includes(marker)));
  }

  /** The next frame the executor sent, of `type`, about `jobId` (when given), from frame index `from`. */
  fromNode(type: string, o: { jobId?: string; attemptId?: string; from?: number; timeoutMs: number; what?: string }): Promise<Frame> {
    return this.proxy
      .waitFor(
        (f) => f.direction === 'to_control_plane' && f.message?.type === type && (o.jobId === undefined || f.message.jobId === o.jobId) && (o.attemptId === undefined || f.message.attemptId === o.attemptId),
        o.timeoutMs,
        o.from ?? 0,
      )
      .catch(() => {
        throw new Fail(`no ${type} ${o.what ?? ''} from the executor within ${o.timeoutMs / 1000} s`.replace(/\s+/g, ' '));
      });
  }

  /**
   * The next frame the control plane sent the executor (not made up by the kit); with `acks`, the
   * `ack` naming that message id (acks of other messages may come first, in any order).
   */
  toNode(type: string, o: { jobId?: string; acks?: string; from?: number; timeoutMs: number; what?: string }): Promise<Frame> {
    const names = (f: Frame) => o.acks === undefined || ((f.message?.msgIds as unknown[] | undefined) ?? []).includes(o.acks);
    return this.proxy
      .waitFor((f) => f.direction === 'to_node' && f.origin === 'peer' && f.message?.type === type && (o.jobId === undefined || f.message.jobId === o.jobId) && names(f), o.timeoutMs, o.from ?? 0)
      .catch(() => {
        throw new Fail(`the control plane sent no ${type} ${o.what ?? ''} within ${o.timeoutMs / 1000} s`.replace(/\s+/g, ' '));
      });
  }

  /**
   * The commit gate, judged after the fact: a post may exist only from the moment the executor was
   * delivered an ok commit_ack of this job, for an attempt it had not given back, and exactly one
   * post may exist. Acks the kit made up (stale attempts) never open the gate.
   */
  judgeGate(jobId: string, marker: string): void {
    const frames = this.proxy.frames;
    const givenBack = (attemptId: unknown, before: number) =>
      frames.some((f) => f.index < before && f.direction === 'to_control_plane' && f.message?.type === 'reject' && f.message.jobId === jobId && f.message.attemptId === attemptId);
    const opened = frames.find(
      (f) =>
        f.direction === 'to_node' &&
        !f.dropped &&
        f.origin !== 'kit' &&
        f.message?.type === 'commit_ack' &&
        f.message.ok === true &&
        f.message.jobId === jobId &&
        !givenBack(f.message.attemptId, f.index),
    );
    const posts = this.posts(marker);
    const early = posts.filter((p) => !opened || Date.parse(p.at) < opened.at);
    if (early.length) {
      throw new Fail(
        opened
          ? `published ${opened.at - Date.parse(early[0]!.at)} ms before it was delivered the commit_ack of an attempt it still held`
          : 'published although it was never delivered an ok commit_ack for an attempt it still held',
      );
    }
    this.expectOnePost(marker);
  }

  expectOnePost(marker: string): void {
    const n = this.posts(marker).length;
    if (n !== 1) throw new Fail(`${n} posts reached the platform for one job (exactly 1 expected)`);
  }

  /** The executor's attempt ids for `jobId` that it handed back (reject frames). */
  handedBack(jobId: string): Array<{ attemptId: string; reason: string }> {
    return this.proxy.frames
      .filter((f) => f.direction === 'to_control_plane' && f.message?.type === 'reject' && f.message.jobId === jobId)
      .map((f) => ({ attemptId: String(f.message!.attemptId), reason: String(f.message!.reason ?? '') }));
  }
}
