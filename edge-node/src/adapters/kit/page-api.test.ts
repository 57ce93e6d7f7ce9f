import { describe, expect, it } from 'vitest';
import { AdapterError } from '../contract.js';
import { field, needField } from './page-api.js';

describe('field / needField', () => {
  const answer = { err_no: 0, data: { id: 7589214068093304851n.toString(), n: 42, list: [{ tag: { tag_name: 'Go' } }], empty: '' } };

  it('reads nested fields and array items; anything missing on the way is undefined', () => {
    expect(field(answer, 'data', 'list', 0, 'tag', 'tag_name')).toBe('Go');
    expect(field(answer, 'data', 'nope', 'deeper')).toBeUndefined();
    expect(field(null, 'a')).toBeUndefined();
    expect(field('text', 'length')).toBeUndefined();
  });

  it('a required id may be a string or a number; its absence (or an empty string) means the API changed', () => {
    expect(needField(answer, ['data', 'id'], 'fill', 'draft create')).toBe('7589214068093304851');
    expect(needField(answer, ['data', 'n'], 'fill', 'draft create')).toBe('42');
    for (const path of [['data', 'missing'], ['data', 'empty'], ['data', 'list']]) {
      const err = (() => {
        try {
          needField(answer, path, 'fill', 'draft create');
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(AdapterError);
      expect((err as AdapterError).code).toBe('editor_changed');
      expect((err as AdapterError).message).toContain(`draft create: the answer has no ${path.join('.')}`);
    }
  });
});
