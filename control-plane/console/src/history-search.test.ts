/** The publish history's URL filters: what the API would refuse never reaches it. */
import { describe, expect, it } from 'vitest';
import { apiRange, historySearch } from './history-search.js';

describe('historySearch', () => {
  it('keeps well-formed filters', () => {
    expect(historySearch({ status: 'partial', from: '2026-11-01', to: '2026-11-24', requestId: 'req_abc:1.2-3', page: '3' })).toEqual({
      status: 'partial',
      from: '2026-11-01',
      to: '2026-11-24',
      requestId: 'req_abc:1.2-3',
      page: 3,
    });
  });

  it('drops unknown states, malformed days, hostile request ids and silly pages', () => {
    expect(
      historySearch({ status: 'done', from: '1 Nov', to: '2026-11-24T00:00', requestId: 'a b', page: '-1' }),
    ).toEqual({});
    expect(historySearch({ requestId: 'x'.repeat(65), page: 1.5, status: ['failed'] })).toEqual({});
    expect(historySearch({ requestId: 'a\u0000b', page: '1e9' })).toEqual({});
  });
});

describe('apiRange', () => {
  it('makes the last day inclusive: the API end is the next midnight', () => {
    expect(apiRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(apiRange({ to: '2026-12-31' })).toEqual({ to: '2027-01-01' });
    expect(apiRange({})).toEqual({});
  });
});
