/** Text encoded as UTF-8 once, to be copied into many answers: see `JsonText`. */
export type Utf8Bytes = Buffer & { readonly __utf8Bytes: true };

/**
 * `text` encoded as UTF-8, in memory of its own: such text is kept, and a short buffer from Node's shared pool would
 * keep the pool's whole 8 KB slab alive with it.
 */
export function utf8Bytes(text: string): Utf8Bytes {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes as Utf8Bytes;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Room kept before the JSON for the envelope's opening (`{"result":`), so that the answer is not copied again. */
const HEAD_ROOM = 32;

/** Texts from this size up to `POOLED_BYTES` are written in buffers of that size that serve answer after answer. */
const POOLED_FROM = 16 * 1024;
const POOLED_BYTES = 64 * 1024;
/** Buffers given back and not taken again, at most this many (4 MB). */
const POOL_MAX = 64;
const pooled: Buffer[] = [];

/**
 * A call's result written as JSON already, for an answer that is mostly the same for everyone; the registry puts it in
 * the envelope as it is. `T` is the value the JSON stands for, so that a route's contract still types it.
 *
 * The JSON is written into a buffer as it is appended: pieces the same in many answers are encoded once and kept
 * (`utf8Bytes`), and the rest is ASCII, one byte a character. A course list held as a string of some six hundred
 * pieces cost more to copy into the answer's buffer than to build: once the answer was due, V8 walked the pieces,
 * scattered over its heap, into a flat copy (perf: `String::WriteToFlat`, the largest part of the call).
 */
export class JsonText<T> {
  declare private readonly value: T;
  private buffer: Buffer;
  private end = HEAD_ROOM;

  /** `capacity`: the bytes of JSON expected; more are made room for as they come. */
  constructor(capacity = 1024) {
    const bytes = HEAD_ROOM + capacity;
    this.buffer =
      bytes >= POOLED_FROM && bytes <= POOLED_BYTES
        ? (pooled.pop() ?? Buffer.allocUnsafe(POOLED_BYTES))
        : Buffer.allocUnsafe(bytes);
  }

  /**
   * Gives this text's memory to the texts written after it: call once nothing reads the JSON any more (the registry
   * does when the answer has been sent or its connection has gone). Allocating a course list's 48 KB on every call,
   * and the garbage collections that caused, took 15% of a `courses` call's time.
   */
  release(): void {
    if (this.buffer.length === POOLED_BYTES && pooled.length < POOL_MAX) pooled.push(this.buffer);
    this.buffer = Buffer.allocUnsafe(HEAD_ROOM);
    this.end = HEAD_ROOM;
  }

  /**
   * Appends JSON text of ASCII characters only: punctuation, numbers, literals. Written a character at a
   * time: the pieces are short, and a call into Node's string writing cost more than the loop.
   */
  ascii(json: string): this {
    this.makeRoom(json.length);
    const buffer = this.buffer;
    let end = this.end;
    for (let i = 0; i < json.length; i++) buffer[end++] = json.charCodeAt(i);
    this.end = end;
    return this;
  }

  /** Appends a string as JSON of ASCII characters only, as `asciiJson` writes it. */
  string(value: string): this {
    this.makeRoom(value.length + 2);
    const buffer = this.buffer;
    let end = this.end;
    buffer[end++] = QUOTE;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      // Anything JSON escapes, or that is not ASCII: what was written so far is written over.
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) return this.ascii(asciiJson(value));
      buffer[end++] = c;
    }
    buffer[end++] = QUOTE;
    this.end = end;
    return this;
  }

  /** Appends JSON encoded with `utf8Bytes` (or a piece of it kept as a view), whole or from byte `from` on. */
  utf8(json: Utf8Bytes, from = 0): this {
    // A typed array's own copy: Buffer's `copy` took twice as long for pieces of a few hundred bytes.
    const bytes = from === 0 ? json : json.subarray(from);
    this.makeRoom(bytes.length);
    this.buffer.set(bytes, this.end);
    this.end += bytes.length;
    return this;
  }

  /** Appends JSON text that was written elsewhere (a database's JSON function), encoded as UTF-8 here. */
  text(json: string): this {
    this.makeRoom(json.length * 3);
    this.end += this.buffer.write(json, this.end);
    return this;
  }

  /** Bytes of JSON written so far. */
  get length(): number {
    return this.end - HEAD_ROOM;
  }

  /** The JSON written so far, to be kept: a copy in memory of its own, as `utf8Bytes` makes. */
  kept(): Utf8Bytes {
    const bytes = Buffer.allocUnsafeSlow(this.length);
    this.buffer.copy(bytes, 0, HEAD_ROOM, this.end);
    return bytes as Utf8Bytes;
  }

  /** The JSON as UTF-8 between the texts `before` and `after`; it shares this text's memory, so ask once. */
  toBuffer(before: string, after: string): Buffer {
    const head = Buffer.byteLength(before);
    const tail = Buffer.byteLength(after);
    const json = this.buffer.subarray(HEAD_ROOM, this.end);
    if (head > HEAD_ROOM) return Buffer.concat([Buffer.from(before), json, Buffer.from(after)]);
    this.makeRoom(tail);
    this.buffer.write(before, HEAD_ROOM - head);
    this.buffer.write(after, this.end);
    return this.buffer.subarray(HEAD_ROOM - head, this.end + tail);
  }

  private makeRoom(bytes: number): void {
    if (this.end + bytes <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.end + bytes));
    this.buffer.copy(larger, 0, 0, this.end);
    this.buffer = larger;
  }
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** A string as JSON of ASCII characters only: `JSON.stringify`'s (which escapes control characters) with the rest. */
function asciiJson(value: string): string {
  const json = JSON.stringify(value);
  return json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
