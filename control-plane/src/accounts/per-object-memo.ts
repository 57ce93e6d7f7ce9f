/**
 * Answers remembered per object: for pure derivations of objects that never
 * change once shared (frozen cache records, presets), keyed by the object and
 * a second key. The object's answers die with it (a WeakMap); each object
 * keeps at most `maxPerObject` of them, so a hostile stream of distinct keys
 * cannot grow the memo without bound.
 */
export class PerObjectMemo<K, T> {
  private readonly byObject = new WeakMap<object, Map<K, T>>();

  constructor(private readonly maxPerObject = 256) {}

  get(object: object, key: K, compute: () => T): T {
    let byKey = this.byObject.get(object);
    if (!byKey) this.byObject.set(object, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) {
      if (byKey.size >= this.maxPerObject) byKey.clear();
      value = compute();
      byKey.set(key, value);
    }
    return value;
  }
}
