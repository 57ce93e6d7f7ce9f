/**
 * Waiting in a test for a state the product reaches by itself (a row, a
 * report, a message, a flag in a list).
 *
 * A loaded machine reaches such a state later, never differently, so the
 * wait has no deadline of its own: it lasts until the state holds, and the
 * running test's timeout (the hook's, outside a test) is the only bound, the
 * guard against a product that never gets there. vitest's own expect.poll
 * gives up after one second unless told otherwise, which a busy CI machine
 * outruns.
 */
import { expect, TestRunner } from 'vitest';

/** vitest.config.ts's hookTimeout: the bound for a wait in a hook. */
const HOOK_TIMEOUT_MS = 60_000;

/** The bound of a wait: the running test's timeout, or the hook timeout outside a test. */
export function testBoundMs(): number {
  return TestRunner.getCurrentTest()?.timeout ?? HOOK_TIMEOUT_MS;
}

/** expect.poll until the state holds, bounded by testBoundMs(). */
export function eventually<T>(read: () => T | Promise<T>, o: { interval?: number; message?: string } = {}) {
  return expect.poll(read, { timeout: testBoundMs(), interval: o.interval ?? 100, ...(o.message ? { message: o.message } : {}) });
}

/** The value `read` gives once `done` holds of it (eventually's bound), for a test that goes on with it. */
export async function until<T>(read: () => T | Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  await eventually(async () => done((last = await read()))).toBe(true);
  return last as T;
}
