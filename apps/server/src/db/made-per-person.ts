import { LRUCache } from 'lru-cache';

/** A value made for one person, and everything it was made from. */
interface Made<V> {
  inputs: readonly unknown[];
  value: V;
}

/** How many people's values are kept: a number of people, or bytes as `bytes` counts them. */
type Limit<V> = { people: number } | { bytes: number; sizeOf(value: V, inputs: readonly unknown[]): number };

/**
 * What a call made for each person, remembered with everything it was made from and answered again only while all of
 * that is the same (`===`: the same object, or strings of the same text). The caller reads the inputs on every call,
 * so a change written anywhere, by any process, shows in the next answer. The people who asked last are kept.
 */
export class MadePerPerson<V extends NonNullable<unknown>> {
  readonly #made: LRUCache<number, Made<V>>;

  constructor(limit: Limit<V>) {
    this.#made =
      'people' in limit
        ? new LRUCache({ max: limit.people })
        : new LRUCache({ maxSize: limit.bytes, sizeCalculation: (made) => limit.sizeOf(made.value, made.inputs) });
  }

  /** The value made for `person` from these inputs, if it is still kept. */
  find(person: number, inputs: readonly unknown[]): V | undefined {
    const made = this.#made.get(person);
    const same = made?.inputs.length === inputs.length && made.inputs.every((input, i) => input === inputs[i]);
    return same ? made.value : undefined;
  }

  keep(person: number, inputs: readonly unknown[], value: V): void {
    this.#made.set(person, { inputs, value });
  }
}
