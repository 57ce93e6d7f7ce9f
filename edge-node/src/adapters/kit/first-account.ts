/**
 * Who is logged in, where public sources record more than one way to read it
 * (an account call, another call, what the logged-in page itself holds): the
 * first way that names an account decides, and the account is taken as logged
 * out only when none does, so no single recorded call decides alone.
 */
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';

/** One recorded way of reading the account: undefined, or a throw, when it names none. */
export interface AccountReader {
  /** What it reads, for the refusal's message (`getAuthorInfo`, `the page's pgc_info`…). */
  readonly what: string;
  read(): Promise<LoginInfo | undefined>;
}

/** The account the first reader names; `login_required` saying why each named none. */
export async function firstAccount(site: string, step: Step, ctx: AdapterContext, readers: readonly AccountReader[]): Promise<LoginInfo> {
  const failures: string[] = [];
  for (const reader of readers) {
    try {
      const who = await reader.read();
      if (who) return who;
      failures.push(`${reader.what} named no account`);
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      failures.push(e instanceof Error ? e.message : String(e));
    }
  }
  throw new AdapterError('login_required', step, `${site} says the account is not logged in (${failures.join('; ')})`);
}
