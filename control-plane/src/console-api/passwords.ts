/**
 * Password hashing with scrypt from node:crypto: a memory-hard KDF that ships
 * with Node (OpenSSL's implementation), so no native add-on to build and no
 * third-party code on the login path. Parameters N=2^17, r=8, p=1 (128 MiB
 * and a few hundred milliseconds per hash), a random 16-byte salt per hash,
 * a 32-byte key. The stored form is a PHC string,
 * `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (unpadded base64): the parameters
 * travel with each hash, so raising them later leaves old hashes verifiable,
 * and needsRehash tells the login to store a stronger one.
 *
 * Each hash holds 128 MiB for its duration, so one replica computes at most
 * HASH_CONCURRENCY at once and queues a bounded number more: a flood of
 * logins is answered 503 with Retry-After instead of exhausting memory.
 */
import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { consoleError } from './console.errors.js';

export interface ScryptParams {
  /** log2 of N, the CPU/memory cost. */
  ln: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on what a stored hash may ask for: a corrupt or hostile row cannot make one verification take gigabytes. */
const LIMITS = { ln: [14, 20], r: [1, 16], p: [1, 4] } as const;
const MAX_MEMORY = 512 * 1024 * 1024;

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,64})\$([A-Za-z0-9+/]{16,128})$/;

/** Hashes computed at once on this replica, and how many more may wait for a turn. */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 64;

let running = 0;
const waiting: Array<() => void> = [];

/** Hashes computing and waiting on this replica now. */
export const hashSlots = (): { running: number; waiting: number } => ({ running, waiting: waiting.length });

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT) {
      throw consoleError('service_unavailable', 'Too many logins at once on this server; retry in a moment', { 'retry-after': '1' });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.ln;
  // scrypt holds 128·N·r bytes; maxmem must allow it (Node's default is 32 MiB).
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 2 * 128 * N * params.r };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const m = PHC.exec(stored);
  if (!m) return null;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  for (const name of ['ln', 'r', 'p'] as const) {
    const [min, max] = LIMITS[name];
    if (params[name] < min || params[name] > max) return null;
  }
  if (128 * 2 ** params.ln * params.r > MAX_MEMORY) return null;
  return { params, salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') };
}

/**
 * True when `password` matches `stored`. The comparison is constant-time; a
 * stored value that is not a hash this module wrote is refused (false), never
 * an exception a caller could tell apart by timing (it costs a hash with
 * `params`, the cost of the hashes being written).
 */
export async function verifyPassword(password: string, stored: string, params: ScryptParams = CURRENT_PARAMS): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    // Same work as a real check: the answer's timing says nothing about the row.
    await derive(password, randomBytes(SALT_BYTES), params);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with weaker parameters than `params` (today's): store a fresh hash after a successful login. */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { ln, r, p } = parsed.params;
  return ln < params.ln || r < params.r || p < params.p || parsed.key.length < KEY_BYTES;
}

/**
 * The console's passwords at one cost: CURRENT_PARAMS in the control plane;
 * a program embedding it may choose a cheaper one within the bounds a stored
 * hash may ask for (the test suite does, to spend its time on behaviour, not
 * key stretching).
 */
export class PasswordHasher {
  private decoy: Promise<string> | null = null;

  constructor(readonly params: ScryptParams = CURRENT_PARAMS) {
    for (const name of ['ln', 'r', 'p'] as const) {
      const [min, max] = LIMITS[name];
      if (params[name] < min || params[name] > max) throw new RangeError(`scrypt ${name} must be within ${min}..${max}`);
    }
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.params);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored, this.params);
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.params);
  }

  /**
   * A hash of a random password, made once per hasher, to verify against when
   * the email is unknown: an unknown email costs the same scrypt as a wrong
   * password, so timing does not tell which emails have an account.
   */
  decoyHash(): Promise<string> {
    this.decoy ??= this.hash(randomBytes(24).toString('base64url')).catch((error: unknown) => {
      // A refused attempt (this replica busy) is not remembered: the next login makes it again.
      this.decoy = null;
      throw error;
    });
    return this.decoy;
  }
}

/** The control plane's own: today's parameters. */
export const defaultPasswordHasher = new PasswordHasher();

/** Passwords are 12 to 200 characters (Unicode code points, after NFC). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

export function passwordProblem(password: string): string | null {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN) return `A password needs at least ${PASSWORD_MIN} characters; this one has ${length}`;
  if (length > PASSWORD_MAX) return `A password has at most ${PASSWORD_MAX} characters; this one has ${length}`;
  return null;
}
