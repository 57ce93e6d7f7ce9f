/** Which web node an account leaving its own goes to (pickWebNode): who may take it, and of those the least loaded. */
import { describe, expect, it } from 'vitest';
import { pickWebNode } from './web-pool.repository.js';

const runs = (...pairs: Array<[string, Array<'article' | 'dynamic' | 'video'>]>) => ({
  concurrency: 2,
  adapters: pairs.map(([platform, contentTypes]) => ({ platform, contentTypes, settings: [] })),
});

const node = (id: string, over: Partial<Parameters<typeof pickWebNode>[1][number]> = {}) => ({
  id,
  allUsers: true,
  userIds: [],
  capabilities: runs(['juejin', ['article']], ['weibo', ['article', 'dynamic', 'video']]),
  accounts: 0,
  slots: 2,
  ...over,
});

const account = { userId: 7, platform: 'juejin', externalRef: 'jj_1', from: 'node_old' };
const pick = (candidates: ReturnType<typeof node>[], taken: string[] = [], perSlot = 50, a = account) => pickWebNode(a, candidates, new Set(taken), perSlot)?.id;

describe('pickWebNode', () => {
  it('takes a node serving the user (all users, or named) that runs the platform for executor web', () => {
    expect(pick([node('node_a', { allUsers: false, userIds: [8] }), node('node_b', { allUsers: false, userIds: [7] })])).toBe('node_b');
    expect(pick([node('node_a', { capabilities: runs(['weibo', ['article']]) }), node('node_b')])).toBe('node_b');
    // Video is never published by executor web: a node running only weibo videos cannot take a weibo account.
    expect(pick([node('node_a', { capabilities: runs(['weibo', ['video']]) })], [], 50, { ...account, platform: 'weibo' })).toBeUndefined();
    expect(pick([node('node_a', { capabilities: runs(['weibo', ['dynamic']]) })], [], 50, { ...account, platform: 'weibo' })).toBe('node_a');
  });

  it('never the node it leaves, one holding the ref already, or one at capacity', () => {
    expect(pick([node('node_old')])).toBeUndefined();
    expect(pick([node('node_a'), node('node_b')], ['node_a jj_1'])).toBe('node_b');
    expect(pick([node('node_a', { accounts: 4, slots: 2 })], [], 2)).toBeUndefined();
    expect(pick([node('node_a', { accounts: 3, slots: 2 })], [], 2)).toBe('node_a');
  });

  it('of those, the least loaded per job slot, then the smallest id', () => {
    expect(pick([node('node_a', { accounts: 10, slots: 2 }), node('node_b', { accounts: 12, slots: 4 })])).toBe('node_b');
    expect(pick([node('node_b', { accounts: 5 }), node('node_a', { accounts: 5 })])).toBe('node_a');
  });
});
