/** The preset form's values: what a stored preset fills in, and what a filled form saves. */
import { describe, expect, it } from 'vitest';
import { type Field, formValuesOf, settingsOf } from './preset-values.js';

const field = (key: string, type: Field['type'], extra: Partial<Field> = {}): Field => ({ key, type, description: key, required: false, required_when: null, ...extra });
const FIELDS: Field[] = [
  field('tags', 'string_list'),
  field('aiLabel', 'boolean'),
  field('visibility', 'enum', { options: ['public', 'fans'] }),
  field('summary', 'text'),
  field('delayMinutes', 'integer', { limits: { min: 0, max: 60 } }),
];

describe('happy path', () => {
  it('a stored preset fills its fields; the rest are empty', () => {
    expect(formValuesOf(FIELDS, { tags: ['a', 'b'], aiLabel: false, delayMinutes: 0 })).toEqual({ tags: ['a', 'b'], aiLabel: 'false', visibility: '', summary: '', delayMinutes: 0 });
  });

  it('saves only the fields given a value, typed as the contract types them', () => {
    expect(settingsOf(FIELDS, { tags: ['news'], aiLabel: 'true', visibility: 'fans', summary: '', delayMinutes: 0 })).toEqual({ tags: ['news'], aiLabel: true, visibility: 'fans', delayMinutes: 0 });
    expect(settingsOf(FIELDS, formValuesOf(FIELDS, {}))).toEqual({});
  });

  it('a preset read back and saved unchanged is the same preset', () => {
    const preset = { tags: ['x'], aiLabel: true, visibility: 'public', summary: 'short', delayMinutes: 5 };
    expect(settingsOf(FIELDS, formValuesOf(FIELDS, preset))).toEqual(preset);
  });
});

describe('errors', () => {
  it('a stored value of the wrong type, or a key the contract no longer has, does not reach the form', () => {
    expect(formValuesOf(FIELDS, { tags: 'x', aiLabel: 'yes', visibility: 3, cookie: 'SESSDATA=1' })).toEqual({ tags: [], aiLabel: '', visibility: '', summary: '', delayMinutes: '' });
    expect(settingsOf(FIELDS, { cookie: 'SESSDATA=1' })).toEqual({});
  });
});
