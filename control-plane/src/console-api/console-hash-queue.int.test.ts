/**
 * The password-hash queue when it is full: at most HASH_CONCURRENCY hashes
 * at once per replica and HASH_QUEUE_LIMIT waiting, then a login is answered
 * 503 service_unavailable with Retry-After, in the console envelope with
 * X-Request-Id, without waiting. scrypt is held here (node:crypto's, wrapped)
 * so the queue can be filled without computing 66 real hashes; the test then
 * answers the held ones with a key that matches nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type ConsoleReply, freshIp, PASSWORD, type Person, person, uniqueEmail } from '../testing/console.js';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashSlots } from './passwords.js';

type Callback = (error: Error | null, key: Buffer) => void;
const held: Callback[] = [];
const hold = { on: false };

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: unknown[]) => {
    const callback = args[args.length - 1] as Callback;
    if (hold.on) held.push(callback);
    else (actual.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...actual, default: { ...actual, scrypt }, scrypt };
});

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
  // The unknown-email decoy hash is made once per process: made now, it takes no slot below.
  expect((await new ConsoleClient(t.app).login(uniqueEmail('warm'), 'a wrong password')).status).toBe(401);
});
afterAll(async () => {
  hold.on = false;
  for (const callback of held.splice(0)) callback(null, Buffer.alloc(32));
  await t?.close();
});

describe('errors', () => {
  it(`answers 503 with Retry-After once ${HASH_CONCURRENCY} hashes run and ${HASH_QUEUE_LIMIT} wait; the queued logins are answered after, and the next one is served`, async () => {
    hold.on = true;
    // Each from its own address and email, so the login throttle never answers first.
    const queued = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () => new ConsoleClient(t.app, freshIp()).login(uniqueEmail('flood'), 'a wrong password'));
    await expect.poll(hashSlots, { timeout: 60_000, interval: 50 }).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LIMIT });

    const refused: ConsoleReply = await new ConsoleClient(t.app, freshIp()).login(admin.email, PASSWORD);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['x-request-id']).toMatch(/^req_/);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ error: { code: 'service_unavailable', message: 'Too many logins at once on this server; retry in a moment' } });
    expect(hashSlots()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LIMIT });

    // The held hashes end (each slot passes to the next waiter, held in turn): every queued login gets its answer.
    const release = setInterval(() => {
      for (const callback of held.splice(0)) callback(null, Buffer.alloc(32));
    }, 10);
    try {
      const answers = await Promise.all(queued);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
    } finally {
      clearInterval(release);
      hold.on = false;
    }
    expect(hashSlots()).toEqual({ running: 0, waiting: 0 });
    expect((await new ConsoleClient(t.app, freshIp()).login(admin.email, PASSWORD)).status).toBe(200);
  });
});
