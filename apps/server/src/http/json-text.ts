/** Text encoded as UTF-8, held as a string of one character per byte (Latin-1): see `JsonText`. */
export type Utf8Bytes = string & { readonly __utf8Bytes: true };

/** `text` encoded as UTF-8, one character per byte. */
export const utf8Bytes = (text: string): Utf8Bytes => Buffer.from(text).toString('latin1') as Utf8Bytes;

/**
 * A call's result written as JSON already, for an answer that is mostly the same for everyone; the registry puts it in
 * the envelope as it is. `T` is the value the JSON stands for, so that a route's contract still types it.
 *
 * The JSON is held as its UTF-8 bytes, one character each: pieces the same in many answers are encoded once and kept
 * (`utf8Bytes`), and written out byte for byte (Latin-1). Held as text, a single letter outside Latin-1 (ā, š, ė)
 * made the whole answer a string of two bytes a character, copied and encoded again for every answer.
 */
export class JsonText<T> {
  declare private readonly value: T;
  private bytes = '';

  /** Appends JSON text of ASCII characters only: numbers, literals, `asciiJson` strings. */
  ascii(json: string): this {
    this.bytes += json;
    return this;
  }

  /** Appends JSON encoded with `utf8Bytes`. */
  utf8(json: Utf8Bytes): this {
    this.bytes += json;
    return this;
  }

  /** The JSON as UTF-8 between the texts `before` and `after`. */
  toBuffer(before: string, after: string): Buffer {
    return Buffer.from(utf8Bytes(before) + this.bytes + utf8Bytes(after), 'latin1');
  }
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** A string as JSON of ASCII characters only: `JSON.stringify`'s (which escapes control characters) with the rest. */
export function asciiJson(value: string): string {
  const json = JSON.stringify(value);
  return json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
