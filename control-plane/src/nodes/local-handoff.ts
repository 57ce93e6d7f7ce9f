/**
 * The in-process path from a publish to this replica's dispatcher. A job's
 * node is dispatched only by the replica holding its socket; when that is the
 * replica that took the POST, the NOTIFY would travel to PostgreSQL and back
 * to the same process, and every notifying commit takes PostgreSQL's global
 * notification lock until its WAL flush (so notifying publishes cannot share
 * a flush). Instead the publish skips the NOTIFY for nodes held here and
 * wakes the dispatcher directly once its statement committed.
 *
 * Nothing is lost if the node moves to another replica meanwhile: that
 * replica's hello starts a dispatch pass for the node, and its poll
 * (DispatchTimers.pollMs) covers a job committed after that pass.
 */
export interface DispatchTarget {
  /** True when this replica holds a session of `nodeId` that may take jobs now. */
  holds(nodeId: string): boolean;
  /** Jobs for `nodeId` were committed: dispatch them. */
  queued(nodeId: string): void;
  /** Jobs due at `at` were committed `scheduled`: be awake then. */
  scheduled?(at: Date): void;
}

export class LocalHandoff {
  private target: DispatchTarget | null = null;

  /** The dispatcher of this replica registers here once it is built; null detaches it. */
  attach(target: DispatchTarget | null): void {
    this.target = target;
  }

  /** Whether the publish must NOTIFY for `nodeId`: yes unless this replica will dispatch it itself. */
  needsNotify(nodeId: string): boolean {
    return !this.target?.holds(nodeId);
  }

  /** After commit: the nodes whose jobs were written without a NOTIFY are dispatched here. */
  committed(nodeIds: Iterable<string>): void {
    const target = this.target;
    if (!target) return;
    for (const nodeId of nodeIds) target.queued(nodeId);
  }

  /** After commit: scheduled jobs due at `at` were written (or moved there). */
  scheduled(at: Date): void {
    this.target?.scheduled?.(at);
  }
}
