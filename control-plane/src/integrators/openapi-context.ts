/** What every Open API v1 route module receives, and how it reads its caller. */
import type { GenerationConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { LocalHandoff } from '../nodes/local-handoff.js';
import type { ApiCaller } from './auth.js';

export interface OpenApiDeps {
  db: Db;
  now: () => Date;
  /** PLUME_SECRET_KEY, when the operator set one (seals CMS credentials). */
  secretKey: string | undefined;
  generation: GenerationConfig | null;
  /** This replica's dispatcher, for publishes to nodes it holds (absent: every publish NOTIFYs). */
  handoff?: LocalHandoff;
}

/** Reads the authenticated caller; routes run only after the auth hook set it. */
export function callerOf(request: { caller?: ApiCaller }): ApiCaller {
  if (!request.caller) throw new Error('route reached without authentication');
  return request.caller;
}
