/**
 * LISTEN on one channel for the Open API's in-memory caches, on whichever
 * database the handle runs. postgres-js keeps a dedicated connection and
 * re-listens after a reconnect; it calls `onListen` on the first LISTEN and on
 * every re-listen, because what was sent while the connection was down is
 * lost and a cache must start over. PGlite (one process) delivers its own
 * NOTIFYs in process. A transaction handle (no `$client`) cannot listen.
 */
import type { Db } from '../db/client.js';

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
export async function listenOn(db: Db, channel: string, onPayload: (payload: string) => void, onListen: () => void): Promise<() => Promise<void>> {
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
