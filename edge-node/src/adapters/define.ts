/**
 * Builds a platform's `Adapter` from its flows (one per content type): the
 * adapter's `prepare`, `publish`, `verify` and `discardDraft` pick the job's
 * flow by its content type, so no adapter branches on it, and its content
 * types are the flows it has.
 *
 * The value a flow's `prepare` returns goes back to the daemon wrapped with
 * the flow that made it; `publish` unwraps it only for that flow, so a value
 * of another content type (or none, from a caller that forgot to keep it)
 * fails before anything is clicked. A prepared value is spent once it was
 * published or its draft discarded: publishing it (again) is `editor_changed`
 * and clicks nothing, whatever page it is on.
 */
import type { ContentType } from '@plume/shared';
import { type Adapter, AdapterError, type Flow, type Flows, type Prepared, type PublishJob } from './contract.js';

export type AdapterSpec = Omit<Adapter, 'contentTypes' | 'prepare' | 'publish' | 'verify' | 'discardDraft'> & { readonly flows: Flows };

/** An adapter built from flows; `flows` stays readable for code that knows the content type. */
export type FlowAdapter = Adapter & { readonly flows: Flows };

type AnyFlow = Flow<PublishJob, unknown>;

/** What an adapter's `prepare` hands out: the flow's own value and which flow made it. */
class PreparedJob {
  /** Set once `publish` returned or `discardDraft` removed the draft. */
  spent: 'published' | 'discarded' | null = null;

  constructor(
    readonly flow: AnyFlow,
    readonly value: unknown,
  ) {}
}

export function defineAdapter(spec: AdapterSpec): FlowAdapter {
  const { flows } = spec;
  const flowOf = (job: PublishJob): AnyFlow => {
    const flow = flows[job.contentType] as AnyFlow | undefined;
    if (!flow) {
      throw new AdapterError('setting_unavailable', 'open_editor', `${spec.platform} adapter cannot publish content type ${job.contentType} here`, {
        contentType: job.contentType,
      });
    }
    return flow;
  };
  const preparedFor = (flow: AnyFlow, prepared: Prepared): PreparedJob => {
    // A programming error, not the platform's answer: publish (or a repeated prepare) needs what this job's prepare returned.
    if (!(prepared instanceof PreparedJob) || prepared.flow !== flow) throw new Error(`${spec.platform}: not a value prepare returned for this content type`);
    return prepared;
  };
  const withDiscard = Object.values(flows).some((f) => f?.discardDraft);
  return {
    ...spec,
    contentTypes: Object.keys(flows) as ContentType[],
    async prepare(page, job, ctx, earlier) {
      const flow = flowOf(job);
      const before = earlier === undefined ? undefined : preparedFor(flow, earlier);
      // What was published or discarded is no draft to build on.
      return new PreparedJob(flow, await flow.prepare(page, job, ctx, before && !before.spent ? before.value : undefined));
    },
    async publish(page, job, ctx, prepared) {
      const flow = flowOf(job);
      const p = preparedFor(flow, prepared);
      if (p.spent) throw new AdapterError('editor_changed', 'publish', `what prepare left was already ${p.spent}; nothing was published`);
      const result = await flow.publish(page, job, ctx, p.value);
      p.spent = 'published';
      return result;
    },
    verify(page, job, ctx) {
      return flowOf(job).verify(page, job, ctx);
    },
    ...(withDiscard
      ? {
          async discardDraft(page, job, ctx, prepared) {
            const flow = flowOf(job);
            const p = preparedFor(flow, prepared);
            if (!flow.discardDraft || p.spent) return;
            await flow.discardDraft(page, job, ctx, p.value);
            p.spent = 'discarded';
          },
        }
      : {}),
  };
}
