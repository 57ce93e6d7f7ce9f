/**
 * What the control plane does with each node message: one handler per type,
 * each a few lines over the repositories. State lives in PostgreSQL; a
 * handler answers on the socket only after its transaction committed (an
 * `ack` means the report is durable, a `commit_ack ok` means the commit is).
 */
import { type NodeAccount, PERMANENT_REJECT_REASONS } from '@plume/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BrowserStates } from './browser-states.js';
import type { Db } from '../db/client.js';
import { Coalescer } from './coalescer.js';
import { type AttemptRef, dispatchJobs, type Fence } from './dispatch-jobs.repository.js';
import { jobReports, type ResultReport } from './job-reports.repository.js';
import { loginsRepository } from './logins.repository.js';
import { challengesRepository } from '../publishing/challenges/challenges.repository.js';
import type { Dispatcher } from './dispatcher.js';
import type { MessageHandlers, NodeSession } from './hub.js';
import { nodeRegistry } from './node-registry.repository.js';
import { sweeps } from './sweeps.repository.js';
import type { DispatchTimers } from './timers.js';

export interface MessageDeps {
  db: Db;
  timers: DispatchTimers;
  dispatcher: Dispatcher;
  log: FastifyBaseLogger;
  browserStates: BrowserStates;
  /** The node's session is past hello on this replica: what waited for it (answers to its paused jobs) goes now. */
  sessionReady?: (nodeId: string) => void;
}

const PERMANENT = new Set<string>(PERMANENT_REJECT_REASONS);

export function nodeMessageHandlers({ db, timers, dispatcher, log, browserStates, sessionReady }: MessageDeps): MessageHandlers {
  const ref = (s: NodeSession, m: { jobId: string; attemptId: string }) => ({ ...s.fence, jobId: m.jobId, attemptId: m.attemptId });
  const ack = (s: NodeSession, msgId: string) => s.send({ type: 'ack', msgIds: [msgId] });
  // The transitions on the path to `start` and `commit_ack` go in batches across all nodes of this
  // replica: under load one statement carries hundreds of jobs, idle they go out at once.
  const accepts = new Coalescer((refs: AttemptRef[]) => dispatchJobs.acceptMany(db, refs, timers.leaseMs));
  const commits = new Coalescer((refs: AttemptRef[]) => dispatchJobs.commitMany(db, refs, timers.commitMinLeaseMs));
  const hellos = new Coalescer((items: Parameters<typeof nodeRegistry.helloMany>[1]) => nodeRegistry.helloMany(db, items));
  const results = new Coalescer((items: Array<{ ref: AttemptRef; r: ResultReport }>) => jobReports.resultMany(db, items));
  // 10,000 nodes heartbeat 500 times a second: a few statements per batch, not two per heartbeat.
  const heartbeats = new Coalescer(async (beats: Array<{ fence: Fence; activeJobs: Array<{ jobId: string; attemptId: string }> }>) => {
    const current = await nodeRegistry.heartbeatMany(db, beats.map((b) => b.fence));
    const refs = beats.filter((b) => current.has(b.fence.nodeId)).flatMap((b) => b.activeJobs.map((j) => ({ ...b.fence, jobId: j.jobId, attemptId: j.attemptId })));
    await dispatchJobs.renewLeasesMany(db, refs, timers.leaseMs);
    return beats.map(() => undefined);
  });

  const syncAccounts = async (s: NodeSession, accounts: NodeAccount[]) => {
    const { unplaced, expired } = await nodeRegistry.syncAccounts(db, s.nodeId, s.epoch, accounts);
    const lost = unplaced.filter((u) => u.why !== 'lives_elsewhere');
    if (lost.length) log.warn({ nodeId: s.nodeId, accounts: lost }, 'accounts not recorded: name their userId (the node serves several users), a user the node serves');
    const elsewhere = unplaced.filter((u) => u.why === 'lives_elsewhere');
    if (elsewhere.length) log.info({ nodeId: s.nodeId, accounts: elsewhere.map((u) => u.ref) }, 'accounts this web node still holds live on another web node now; its copies are ignored');
    for (const e of expired) log.info({ nodeId: s.nodeId, accountId: e.accountId, userId: e.userId, platform: e.platform }, 'account session expired');
  };

  return {
    async hello(s, m) {
      if (m.nodeId !== s.nodeId) {
        s.close(4400, 'hello names another node');
        return;
      }
      const basics = await hellos.push({ ...s.fence, capabilities: m.capabilities, noAccounts: m.accounts.length === 0 });
      if (!basics.current) return;
      s.concurrency = m.capabilities.concurrency;
      s.platforms = m.capabilities.platforms;
      s.settingsSnapshot = m.capabilities.publishSettingsSnapshot;
      if (m.accounts.length) {
        await syncAccounts(s, m.accounts);
      }
      // Only a node with jobs in flight has anything to reconcile (a new offer cannot appear before its hello is done).
      const reconciled = basics.inFlight
        ? await sweeps.reconcile(db, s.fence, m.activeJobs, { leaseMs: timers.leaseMs, maxAttempts: timers.maxAttempts })
        : { adopted: 0, requeued: 0, unknown: 0 };
      log.info({ nodeId: s.nodeId, epoch: s.epoch, ...reconciled, settingsSnapshot: s.settingsSnapshot }, 'node ready');
      if (s.settingsSnapshot !== 1) {
        s.send({ type: 'error', code: 'settings_executor_upgrade_required', message: 'this node does not report publishSettingsSnapshot=1; it gets no jobs until upgraded' });
      }
      s.ready = true;
      // Coalesced with every other node's: one claim statement covers all nodes that became ready meanwhile.
      if (s.mayTakeJobs()) dispatcher.wake(s.nodeId);
      dispatcher.wakeVerifications(s.nodeId);
      // A web node that reconnected is sent the states of accounts moved to it that it has not reported yet.
      dispatcher.deliverStates(s.nodeId);
      sessionReady?.(s.nodeId);
    },

    async heartbeat(s, m) {
      await heartbeats.push({ fence: s.fence, activeJobs: m.activeJobs });
    },

    async accept(s, m) {
      const accepted = await accepts.push(ref(s, m));
      if (!accepted) {
        s.send({ type: 'cancel', jobId: m.jobId, attemptId: m.attemptId, reason: 'offer_expired' });
        return;
      }
      s.send({ type: 'start', jobId: m.jobId, attemptId: m.attemptId, job: accepted.job, leaseUntil: accepted.leaseUntil });
    },

    async reject(s, m) {
      const reason = m.reason ?? 'unspecified';
      const handBack = () => dispatchJobs.reject(db, ref(s, m), { reason, permanent: PERMANENT.has(reason), backoffMs: timers.rejectBackoffMs });
      // Sent once and not kept by the node: a write that fails (the database restarting) is tried again.
      for (let attempt = 1, delay = timers.handBackRetryMs; ; attempt++, delay *= 2) {
        try {
          await handBack();
          break;
        } catch (err) {
          if (attempt >= timers.handBackTries) throw err;
          log.warn({ err, nodeId: s.nodeId, jobId: m.jobId, reason, attempt }, 'recording a hand-back failed; trying again');
          await new Promise((r) => setTimeout(r, delay));
        }
      }
      dispatcher.wake(s.nodeId);
    },

    async commit(s, m) {
      const answer = await commits.push(ref(s, m));
      s.send(answer.ok ? { type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: true } : { type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: false, reason: answer.reason });
    },

    async progress(s, m) {
      const p = { seq: m.seq, step: m.step, ...(m.bytesSent !== undefined ? { bytesSent: m.bytesSent } : {}), ...(m.bytesTotal !== undefined ? { bytesTotal: m.bytesTotal } : {}) };
      await jobReports.progress(db, ref(s, m), p);
      ack(s, m.msgId);
    },

    async result(s, m) {
      const outcome = await results.push({
        ref: ref(s, m),
        r: {
          outcome: m.outcome,
          ...(m.postId !== undefined ? { postId: m.postId } : {}),
          ...(m.url !== undefined ? { url: m.url } : {}),
          ...(m.error ? { error: m.error } : {}),
          ...(m.evidence ? { evidence: m.evidence } : {}),
          ...(m.signals?.length ? { signals: m.signals } : {}),
        },
      });
      log.info({ nodeId: s.nodeId, jobId: m.jobId, attemptId: m.attemptId, outcome: m.outcome, applied: outcome, ...(m.signals?.length ? { signals: m.signals.map((g) => g.kind) } : {}) }, 'job result');
      // A repeat or a superseded attempt is done with; a report on a stale connection is resent on the current one.
      if (outcome !== 'stale') ack(s, m.msgId);
      dispatcher.slotFreed(s.nodeId);
    },

    async verify_result(s, m) {
      const outcome = await jobReports.verifyResult(
        db,
        ref(s, m),
        {
          found: m.found,
          ...(m.postId !== undefined ? { postId: m.postId } : {}),
          ...(m.url !== undefined ? { url: m.url } : {}),
          ...(m.candidates !== undefined ? { candidates: m.candidates } : {}),
        },
        { checks: timers.verifyChecks, intervalMs: timers.verifyIntervalMs, maxAttempts: timers.maxAttempts },
      );
      log.info({ nodeId: s.nodeId, jobId: m.jobId, found: m.found, outcome }, 'verification answered');
      if (outcome !== 'stale') ack(s, m.msgId);
      if (outcome === 'requeued') dispatcher.wake(s.nodeId);
    },

    async accounts(s, m) {
      await syncAccounts(s, m.accounts);
    },

    async storage_state(s, m) {
      if (s.kind !== 'web') {
        s.send({ type: 'error', code: 'storage_state_refused', message: 'only web nodes report browser states; this node keeps its accounts to itself' });
        return;
      }
      const outcome = await browserStates.save(s.fence, m);
      if (outcome === 'saved') log.info({ nodeId: s.nodeId, account: m.externalRef }, 'browser state sealed');
      else log.warn({ nodeId: s.nodeId, account: m.externalRef, outcome }, 'browser state refused: not an account of this node and user');
    },

    async site_checks(s, m) {
      await nodeRegistry.saveSiteChecks(db, s.nodeId, s.epoch, m.checks);
      const failed = m.checks.filter((c) => c.status === 'failed').map((c) => `${c.platform}/${c.contentType}`);
      log.info({ nodeId: s.nodeId, checks: m.checks.length, failed }, 'site checks reported');
    },

    async inventory(s, m) {
      await nodeRegistry.saveInventory(db, s.nodeId, s.epoch, m.files, m.truncated);
    },

    async login_event(s, m) {
      const applied = await loginsRepository.event(db, s.nodeId, m.loginId, m.event);
      // A login that ended here first (timed out, cancelled) still closes on the node: say so again.
      if (!applied && m.event.type !== 'failed' && m.event.type !== 'succeeded') s.send({ type: 'login_cancel', loginId: m.loginId, reason: 'ended' });
      if (m.event.type === 'succeeded' || m.event.type === 'failed') log.info({ nodeId: s.nodeId, loginId: m.loginId, outcome: m.event.type, applied }, 'relayed login ended');
    },

    async login_frame(s, m) {
      await loginsRepository.frameIn(db, s.nodeId, m.loginId, { seq: m.seq, jpeg: m.jpeg, width: m.width, height: m.height });
    },

    async challenge(s, m) {
      const open = await challengesRepository.asked(db, ref(s, m), {
        kind: m.kind,
        step: m.step,
        message: m.message,
        ...(m.screenshotPng !== undefined ? { screenshotPng: m.screenshotPng } : {}),
      });
      log.info({ nodeId: s.nodeId, jobId: m.jobId, attemptId: m.attemptId, kind: m.kind, step: m.step, open }, 'job awaits input');
      // Not open (the attempt ended, the job failed meanwhile): the node stops waiting for an answer.
      if (!open) s.send({ type: 'cancel', jobId: m.jobId, attemptId: m.attemptId, reason: 'not_awaiting_input' });
      ack(s, m.msgId);
      // The paused job gave its slot back: another account's job may start on this node.
      if (open) dispatcher.slotFreed(s.nodeId);
    },

    async challenge_cleared(s, m) {
      const applied = await challengesRepository.cleared(db, ref(s, m));
      log.info({ nodeId: s.nodeId, jobId: m.jobId, attemptId: m.attemptId, step: m.step, applied }, 'job resumes after input');
      ack(s, m.msgId);
    },

    async job_frame(s, m) {
      await challengesRepository.frameIn(db, ref(s, m), { seq: m.seq, jpeg: m.jpeg, width: m.width, height: m.height });
    },

    async bye(s) {
      s.close(1000, 'bye');
    },
  };
}
