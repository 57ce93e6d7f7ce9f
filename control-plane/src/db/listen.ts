/**
 * LISTEN on one channel, on whichever database the control plane runs.
 * postgres-js keeps a dedicated connection for it and re-listens after a
 * reconnect; what was sent while the connection was down is lost, so
 * `onListen` runs on the first LISTEN and on every re-listen (an in-memory
 * cache starts over there; the dispatcher's polling covers its own gap).
 * PGlite (one process) delivers its own NOTIFYs in process and calls
 * `onListen` once. A transaction handle (no `$client`) cannot listen.
 */
import type { Db } from './client.js';

interface PostgresClient {
  unsafe: unknown;
  listen(channel: string, fn: (payload: string) => void, onlisten?: () => void): Promise<{ unlisten(): Promise<void> }>;
}
interface PgliteClient {
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The root handle's driver client, or null for a transaction. */
export function driverClient(db: Db): unknown {
  return (db as unknown as { $client?: unknown }).$client ?? null;
}

/** Resolves once listening (onListen has run); answers the function that stops it. */
export async function listen(db: Db, channel: string, onPayload: (payload: string) => void, onListen: () => void = () => {}): Promise<() => Promise<void>> {
  const client = driverClient(db);
  if (!client || typeof (client as { listen?: unknown }).listen !== 'function') throw new Error('this database handle cannot LISTEN');
  if ((client as PostgresClient).unsafe) {
    const handle = await (client as PostgresClient).listen(channel, onPayload, onListen);
    return () => handle.unlisten();
  }
  const unlisten = await (client as PgliteClient).listen(channel, onPayload);
  onListen();
  return () => unlisten();
}
