/**
 * Plume Desktop as an executor: the edge node's daemon (daemon.ts), run with
 * this computer's license device as its node identity (the device key is the
 * node key; the enroll answer named the node), kind `desktop`, the desktop
 * adapters of the platform registry, the person's browser and folders, and the
 * license deciding whether offers are taken. Its node state (accounts, browser
 * profiles, outbox, commit journal) lives in `<state>/node`.
 */
import { join } from 'node:path';
import { FileKeyStore, fromBase64Url } from '@plume/shared';
import type { Logger } from 'pino';
import { configSchema, ConfigError, type RunConfig } from '../config.js';
import { type Daemon, startDaemon } from '../daemon.js';
import type { LoadedIdentity } from '../control/identity.js';
import { type AdapterSet, registryAdaptersFor } from '../adapters/adapter-set.js';
import type { DesktopLicense } from './license.js';
import { localMediaChecker } from './local-media.js';
import type { DesktopOs } from './machine-id.js';
import type { RecentJobs } from './recent-jobs.js';

export interface DesktopExecutorOptions {
  os: DesktopOs;
  serverUrl: string;
  /** <state>/node */
  nodeDir: string;
  deviceFile: string;
  machineId: string;
  browserPath: string;
  headless: boolean;
  platformUrls: Record<string, string>;
  logLevel: string;
  folders: () => readonly string[];
  license: DesktopLicense;
  jobs: RecentJobs;
  log: Logger;
  /** Default: the registry as a desktop runs it (YouTube included). */
  adapters?: AdapterSet;
}

/** The device key and node id the license client stored at activation, as the daemon's identity. */
export async function deviceIdentity(deviceFile: string, serverUrl: string): Promise<LoadedIdentity> {
  const stored = await new FileKeyStore(deviceFile).load();
  if (!stored?.sessionId) throw new ConfigError('This computer is not activated: run `plume-desktop activate --server <URL> --code <CODE>` (or open the local UI)');
  if (!stored.nodeId) {
    throw new ConfigError('This activation code is a license only, not tied to a Plume user, so this computer cannot run publish jobs: ask your operator for a desktop code generated for your user');
  }
  const secretKey = fromBase64Url(stored.secretKey);
  if (secretKey?.length !== 32) throw new ConfigError(`${deviceFile} holds no usable device key: activate again`);
  return { nodeId: stored.nodeId, controlUrl: serverUrl, publicKey: stored.publicKey, machineId: stored.machineId, kind: 'desktop', enrolledAt: '', secretKey };
}

export async function startDesktopExecutor(o: DesktopExecutorOptions): Promise<Daemon> {
  const identity = await deviceIdentity(o.deviceFile, o.serverUrl);
  // The daemon's own configuration, built here (not read from the environment): one job at a time, a
  // person's computer is not a server; logins checked every 45 min as on nodes.
  const parsed = configSchema.parse({
    PLUME_CONTROL_URL: o.serverUrl,
    PLUME_EDGE_STATE_DIR: o.nodeDir,
    PLUME_CHROMIUM_PATH: o.browserPath,
    PLUME_EDGE_CONCURRENCY: '1',
    PLUME_EDGE_DRAIN_SECONDS: '30',
    PLUME_EDGE_HEADLESS: o.headless ? 'true' : 'false',
    PLUME_EDGE_PLATFORM_URLS: JSON.stringify(o.platformUrls),
    LOG_LEVEL: o.logLevel,
  });
  const config: RunConfig = { ...parsed, videoDir: join(o.nodeDir, 'staging-media') };
  const checkMedia = localMediaChecker({ os: o.os, folders: o.folders, stagingRoot: config.videoDir });
  return startDaemon(config, o.log, {
    adapters: o.adapters ?? registryAdaptersFor('desktop'),
    desktop: {
      identity,
      os: o.os,
      refuseOffers: () => o.license.refusal(),
      localMedia: async (job, spec) => {
        o.jobs.started(job.jobId, spec);
        return checkMedia(job, spec);
      },
      onReport: (draft) => {
        // Journaled before the report itself is: a success is never reported without its use counted.
        if ((draft.type === 'result' && draft.outcome === 'succeeded') || (draft.type === 'verify_result' && draft.found && (draft.candidates ?? 1) <= 1)) o.license.recordUse(draft.jobId);
        o.jobs.reported(draft);
      },
    },
  });
}
