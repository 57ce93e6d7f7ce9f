/** The node pages' small rules: which live state a node is in, its slots, its users, and the user ids an operator types. */
import { describe, expect, it } from 'vitest';
import { liveState, parseUserIds, servedUsers, slotsInUse } from './node-state.js';

describe('happy path', () => {
  it('names the live state: revoked and draining first, then connected or not', () => {
    expect(liveState({ status: 'active', online: true })).toBe('online');
    expect(liveState({ status: 'active', online: false })).toBe('offline');
    expect(liveState({ status: 'draining', online: true })).toBe('draining');
    expect(liveState({ status: 'revoked', online: false })).toBe('revoked');
  });

  it('counts slots against the reported concurrency, unknown before the first connection', () => {
    expect(slotsInUse({ jobsInFlight: 2, capabilities: { concurrency: 3 } })).toBe('2 of 3');
    expect(slotsInUse({ jobsInFlight: 0, capabilities: {} })).toBe('0 of ?');
  });

  it('says whom a node serves', () => {
    expect(servedUsers({ allUsers: false, userIds: [7] })).toBe('1 user');
    expect(servedUsers({ allUsers: false, userIds: [7, 8] })).toBe('2 users');
    expect(servedUsers({ allUsers: true, userIds: [] })).toBe('every user');
  });

  it('reads user ids separated by commas or spaces, once each', () => {
    expect(parseUserIds(' 7, 12 31,7 ')).toEqual({ ids: [7, 12, 31] });
    expect(parseUserIds('')).toEqual({ ids: [] });
  });
});

describe('errors', () => {
  it.each(['0', '-3', '1.5', 'seven', '2147483648', '<script>', '7\u0000'])('refuses %j as a user id', (text) => {
    expect(parseUserIds(`5, ${text}`)).toEqual({ bad: text.trim() });
  });
});
