import { LRUCache } from 'lru-cache';

/** A value made for one person, and everything it was made from. */
interface Made<V> {
  inputs: readonly unknown[];
  value: V;
}

/** How many values are kept: a number of them, or bytes as `bytes` counts them. */
type Limit<V> = { entries: number } | { bytes: number; sizeOf(value: V, inputs: readonly unknown[]): number };

/**
 * What a call made for each person (by their id), remembered with everything it was made from and answered again
 * only while all of that is the same (`===`: the same object, or strings of the same text). The caller reads the
 * inputs on every call, so a change written anywhere, by any process, shows in the next answer. The values asked for
 * last are kept.
 */
export class MadeFrom<V extends NonNullable<unknown>> {
  readonly #made: LRUCache<number, Made<V>>;

  constructor(limit: Limit<V>) {
    this.#made =
      'entries' in limit
        ? new LRUCache({ max: limit.entries })
        : new LRUCache({ maxSize: limit.bytes, sizeCalculation: (made) => limit.sizeOf(made.value, made.inputs) });
  }

  /** The value made for `id` from these inputs, if it is still kept. */
  find(id: number, inputs: readonly unknown[]): V | undefined {
    const made = this.#made.get(id);
    const same = made?.inputs.length === inputs.length && made.inputs.every((input, i) => input === inputs[i]);
    return same ? made.value : undefined;
  }

  keep(id: number, inputs: readonly unknown[], value: V): void {
    this.#made.set(id, { inputs, value });
  }
}
