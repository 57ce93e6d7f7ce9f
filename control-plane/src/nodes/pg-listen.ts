/**
 * LISTEN for one channel on whichever database the control plane runs:
 * postgres-js keeps a dedicated connection for it (and re-listens after a
 * reconnect; notifications sent meanwhile are lost, which the dispatcher's
 * polling covers); PGlite delivers its own NOTIFYs in process.
 */
import type { Database } from '../db/client.js';

interface PostgresClient {
  listen(channel: string, fn: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
}
interface PgliteClient {
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
}

export async function listen(database: Database, channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!client) return async () => {};
  if (database.kind === 'postgres') {
    const handle = await (client as PostgresClient).listen(channel, fn);
    return () => handle.unlisten();
  }
  const unlisten = await (client as PgliteClient).listen(channel, fn);
  return () => unlisten();
}
