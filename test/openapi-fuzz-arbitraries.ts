/**
 * JSON Schema → fast-check arbitraries, for the subset the Open API v1
 * document uses: object (properties, required, additionalProperties,
 * propertyNames), string (length, pattern), integer and number (bounds,
 * exclusive bounds), boolean, null, array (length), enum, const, type lists,
 * anyOf, oneOf and local $ref. Mostly valid values, so requests get past
 * validation into the handlers, with `hints` to mix in real ids by property
 * name (a hint giving `undefined` leaves the field out); `wrongValue` gives values of the wrong kind for a schema.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, any>;
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Keeps generated requests small: large bodies are exercised separately. */
const MAX_STRING = 24;
const MAX_ITEMS = 4;
const MAX_EXTRA_KEYS = 3;
const OMIT = Symbol('omit');

export class SchemaArbitraries {
  constructor(
    private readonly document: JsonSchema,
    private readonly hints: Hints = {},
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) {
      const path = String(s.$ref).replace(/^#\//, '').split('/');
      s = path.reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
      if (!s) throw new Error(`unresolved $ref ${schema.$ref}`);
    }
    return s;
  }

  /** A value that (mostly) satisfies `schema`. */
  valid(schema: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const arb = this.byKind(this.resolve(schema), depth);
    const hint = name ? this.hints[name] : undefined;
    return hint ? fc.oneof({ arbitrary: hint, weight: 4 }, { arbitrary: arb, weight: 1 }) : arb;
  }

  private byKind(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    const branches = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (branches) return fc.oneof(...branches.map((b) => this.valid(b, undefined, depth + 1)));
    if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type: string) => this.byKind({ ...s, type }, depth)));
    switch (s.type) {
      case 'string':
        return this.string(s);
      case 'integer': {
        const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1_000_000);
        const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 1_000_000);
        return fc.oneof(fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }), fc.constantFrom(Math.max(min, -1e15), Math.min(max, 1e15)));
      }
      case 'number':
        return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.valid(s.items ?? {}, undefined, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
        });
      case 'object':
        return this.object(s, depth);
      default:
        // {}: any JSON value
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const minLength = s.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
    if (s.pattern) {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
    }
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      fc.constantFrom('', ' ', '../../etc/passwd', '%00', '😀'.repeat(3), 'null', '0').filter((v) => v.length >= minLength && v.length <= maxLength),
    );
  }

  private object(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set<string>(s.required ?? []);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, prop] of Object.entries(properties)) {
      const value = this.valid(prop, key, depth + 1);
      // Optional fields are left out three times in four, so a body with several of them still often gets through.
      model[key] = required.has(key) ? value : fc.oneof({ weight: 3, arbitrary: fc.constant(OMIT) }, { weight: 1, arbitrary: value });
    }
    const known = fc.record(model).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== OMIT && v !== undefined)));
    const extra = s.additionalProperties;
    if (!extra || depth > 4) return known;
    const key = s.propertyNames ? (this.string({ ...s.propertyNames, type: 'string' }) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
    const value = extra === true ? fc.jsonValue({ maxDepth: 2 }) : this.valid(extra, undefined, depth + 1);
    return fc.tuple(known, fc.dictionary(key, value, { maxKeys: MAX_EXTRA_KEYS })).map(([a, b]) => ({ ...b, ...a }));
  }
}

/** A JSON value whose kind differs from what `schema` (resolved) asks for. */
export function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set<string>(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string({ maxLength: 8 })],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  // A fractional number is wrong for an integer; any integer is right for a number.
  const wrong = candidates.filter(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')));
  return fc.oneof(...wrong.map(([, arb]) => arb));
}
