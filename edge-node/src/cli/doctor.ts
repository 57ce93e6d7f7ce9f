/**
 * `plume-edge doctor`: everything `run` needs, checked one by one with what
 * to do about each failure: Chromium, directories and permissions, the
 * control plane's reachability, a font with Chinese glyphs (without one the
 * platforms' pages, the streamed login page and every evidence screenshot
 * show boxes), clock skew against it, and whether it still
 * accepts this node's key (a signed identity request: no session is opened,
 * so a running daemon is not disturbed).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { NODE_PATHS, signedNodeHeaders } from '@plume/shared';
import { chromiumVersion } from '../browser/chromium.js';
import type { EdgeConfig } from '../config.js';
import { identityPaths, loadIdentity } from '../control/identity.js';

export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
}

const SKEW_LIMIT_S = 300;

export async function doctor(config: EdgeConfig, f: typeof fetch = fetch): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, status: Check['status'], detail: string) => checks.push({ name, status, detail });

  const version = await chromiumVersion(config.chromiumPath);
  add('chromium', version ? 'ok' : 'fail', version ? `${config.chromiumPath} ${version}` : `${config.chromiumPath} does not run: apt-get install -y chromium, or set PLUME_CHROMIUM_PATH`);

  const cjk = await chineseFonts();
  add(
    'chinese font',
    cjk.length ? 'ok' : 'fail',
    cjk.length ? cjk.slice(0, 3).join(', ') : 'no installed font has Chinese glyphs: pages, the streamed login page and evidence screenshots show boxes; apt-get install -y fonts-noto-cjk',
  );

  try {
    accessSync(config.stateDir, constants.W_OK | constants.X_OK);
    add('state directory', 'ok', `${config.stateDir} is writable`);
  } catch {
    add('state directory', 'fail', `${config.stateDir} is missing or not writable by uid ${process.getuid?.()}: create it and chown it to this user`);
  }

  let identity: Awaited<ReturnType<typeof loadIdentity>> | null = null;
  try {
    identity = await loadIdentity(config.stateDir);
    const mode = (statSync(identityPaths(config.stateDir).key).mode & 0o777).toString(8);
    add('node key', 'ok', `${identity.nodeId}, key mode ${mode}`);
  } catch (e) {
    add('node key', 'fail', (e as Error).message);
  }

  if (!config.videoDir) {
    add('video directory', 'fail', 'PLUME_EDGE_VIDEO_DIR is not set: set it to the directory holding <userId>/ folders');
  } else {
    try {
      accessSync(config.videoDir, constants.R_OK | constants.X_OK);
      if (!statSync(config.videoDir).isDirectory()) throw new Error('not a directory');
      const users = readdirSync(config.videoDir).filter((d) => /^[1-9][0-9]*$/.test(d));
      add('video directory', users.length ? 'ok' : 'warn', users.length ? `${config.videoDir}: ${users.length} user folder(s)` : `${config.videoDir} has no <userId>/ folders yet`);
    } catch (e) {
      add('video directory', 'fail', `${config.videoDir}: ${(e as Error).message}; create it and make it readable by this user`);
    }
  }

  const controlUrl = config.controlUrl ?? identity?.controlUrl;
  if (!controlUrl) {
    add('control plane', 'fail', 'no control plane URL: set PLUME_CONTROL_URL or enroll first');
    return checks;
  }
  try {
    const t0 = Date.now();
    const res = await f(`${controlUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
    const rtt = Date.now() - t0;
    add('connectivity', res.ok ? 'ok' : 'fail', `${controlUrl}/healthz answered HTTP ${res.status} in ${rtt} ms`);
    const date = res.headers.get('date');
    if (date) {
      const skew = Math.round((Date.parse(date) - (t0 + rtt / 2)) / 1000);
      const status = Math.abs(skew) > SKEW_LIMIT_S ? 'fail' : Math.abs(skew) > 30 ? 'warn' : 'ok';
      add('clock skew', status, `${skew >= 0 ? '+' : ''}${skew} s against the control plane (limit ±${SKEW_LIMIT_S} s)${status === 'ok' ? '' : ': fix the clock (timedatectl set-ntp true)'}`);
    }
  } catch (e) {
    add('connectivity', 'fail', `${controlUrl} unreachable (${(e as Error).message}): check DNS, firewall, proxy`);
    return checks;
  }

  if (identity) {
    try {
      const headers = await signedNodeHeaders({ nodeId: identity.nodeId, secretKey: identity.secretKey, path: NODE_PATHS.identity });
      const res = await f(`${controlUrl}${NODE_PATHS.identity}`, { headers, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json().catch(() => ({}))) as { status?: string; error?: { code: string; message: string } };
      if (res.ok) add('node identity', body.status === 'active' ? 'ok' : 'warn', `accepted by the control plane (status ${body.status})`);
      else add('node identity', 'fail', `refused: HTTP ${res.status} ${body.error?.code ?? ''} ${body.error?.message ?? ''}`);
    } catch (e) {
      add('node identity', 'fail', (e as Error).message);
    }
  }
  return checks;
}

/** The families of the installed fonts that cover Chinese, as fontconfig (which Chromium uses) sees them; none when fontconfig is absent. */
export function chineseFonts(): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('fc-list', [':lang=zh', 'family'], { timeout: 10_000 }, (err, stdout) => {
      if (err) return resolve([]);
      const families = stdout
        .split('\n')
        .map((line) => line.split(',')[0]!.trim())
        .filter(Boolean);
      resolve([...new Set(families)].sort());
    });
  });
}
