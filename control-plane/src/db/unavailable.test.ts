import { DrizzleQueryError } from 'drizzle-orm/errors';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable, logRoundFailure, reconnectDelaySeconds, unavailableReason } from './unavailable.js';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
const serverError = (code: string, message: string) => new postgres.PostgresError({ code, message, severity: 'FATAL' } as never);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['broken pipe', withCode('EPIPE')],
    ['a host that cannot be reached', withCode('EHOSTUNREACH')],
    ['a name that does not resolve for now', withCode('EAI_AGAIN')],
    ["the driver's closed connection", withCode('CONNECTION_CLOSED', 'write CONNECTION_CLOSED 127.0.0.1:5432')],
    ["the driver's ended pool", withCode('CONNECTION_ENDED')],
    ["the driver's destroyed connection", withCode('CONNECTION_DESTROYED')],
    ["the driver's connect timeout", withCode('CONNECT_TIMEOUT', 'write CONNECT_TIMEOUT 127.0.0.1:5432')],
    ['an administrator shutdown (57P01)', serverError('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', serverError('57P02', 'terminating connection because of crash of another server process')],
    ['a server starting up (57P03)', serverError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', serverError('53300', 'sorry, too many clients already')],
    ['a connection failure (08006)', serverError('08006', 'connection failure')],
    ['a bounded wait that gave up', new DatabaseUnavailableError('no database connection within 3000 ms')],
  ])('%s is "database unavailable"', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks inside what drizzle and a failed multi-address connect wrap', () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432');
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], refused as Error))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], new AggregateError([refused])))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', serverError('42601', 'syntax error at or near "selec"')],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a cancelled statement', serverError('57014', 'canceling statement due to statement timeout')],
    ['a disk full', serverError('53100', 'could not extend file')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a failed statement drizzle wrapped', new DrizzleQueryError('insert …', [], serverError('23505', 'duplicate key') as unknown as Error)],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('ends on an error that wraps itself', () => {
    const looped = withCode('X') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
  });
});

describe('unavailableReason', () => {
  it("quotes the driver's words, not the statement and parameters drizzle wraps them in", () => {
    const wrapped = new DrizzleQueryError('select secret from t where token = $1', ['tok_123'], withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    expect(unavailableReason(wrapped)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});

describe('logRoundFailure', () => {
  it('logs a database outage as one short warning and anything else as an error with the error', () => {
    const lines: Array<[string, object, string]> = [];
    const log = { warn: (o: object, m: string) => lines.push(['warn', o, m]), error: (o: object, m: string) => lines.push(['error', o, m]) };
    logRoundFailure(log, new DrizzleQueryError('select 1', [], withCode('ECONNRESET', 'read ECONNRESET')), 'sweep');
    const bug = new TypeError('boom');
    logRoundFailure(log, bug, 'sweep');
    expect(lines).toEqual([
      ['warn', { reason: 'read ECONNRESET' }, 'sweep skipped: database unavailable'],
      ['error', { err: bug }, 'sweep failed'],
    ]);
  });
});

describe('reconnectDelaySeconds', () => {
  it("grows like the driver's backoff at first and never waits more than half a second", () => {
    for (let retries = 0; retries < 40; retries++) {
      const delay = reconnectDelaySeconds(retries);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(0.5);
    }
    expect(reconnectDelaySeconds(1)).toBeLessThanOrEqual(0.03);
    expect(reconnectDelaySeconds(12)).toBeGreaterThanOrEqual(0.25);
  });
});
