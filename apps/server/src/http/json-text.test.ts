import { describe, expect, it } from 'vitest';
import { JsonText, utf8Bytes } from './json-text.js';

describe('JsonText', () => {
  it('writes remembered UTF-8 pieces and ASCII text as the UTF-8 of the whole', () => {
    const name = utf8Bytes('"name":"Darba drošība — Pirmoji pagalba, Tööohutus 🧯"}');
    const json = new JsonText<unknown>().ascii('[{"id":1,').utf8(name).ascii(',{"id":2,').utf8(name).ascii(']');
    const buffer = json.toBuffer('{"result":', ',"note":"līdz 5. datumam"}');
    expect(JSON.parse(buffer.toString('utf8'))).toEqual({
      result: [
        { id: 1, name: 'Darba drošība — Pirmoji pagalba, Tööohutus 🧯' },
        { id: 2, name: 'Darba drošība — Pirmoji pagalba, Tööohutus 🧯' },
      ],
      note: 'līdz 5. datumam',
    });
  });

  it("keeps remembered pieces in memory of their own, not in a slab of Node's shared pool", () => {
    const piece = utf8Bytes('"kept":"for good"');
    expect(piece.toString()).toBe('"kept":"for good"');
    expect(piece.buffer.byteLength).toBe(piece.length);
  });

  it('keeps what it wrote in memory of its own, and appends a kept piece from a byte on', () => {
    const written = new JsonText<unknown>(4).ascii(',{"a":').string('žalias').ascii('}');
    expect(written.length).toBe(',{"a":"\\u017ealias"}'.length);
    const kept = written.kept();
    expect(kept.buffer.byteLength).toBe(kept.length);
    written.ascii(',{"b":2}');
    const json = new JsonText<unknown>().ascii('[').utf8(kept, 1).utf8(kept).ascii(']');
    expect(JSON.parse(json.toBuffer('', '').toString('utf8'))).toEqual([{ a: 'žalias' }, { a: 'žalias' }]);
  });

  it('is empty between its envelope when nothing is appended', () => {
    expect(new JsonText<unknown>().toBuffer('[', ']').toString()).toBe('[]');
  });

  it('grows past the room it was given, and takes an envelope opening longer than the room kept for it', () => {
    const piece = utf8Bytes('"ā",');
    const json = new JsonText<unknown>(4).ascii('[');
    for (let i = 0; i < 1000; i++) json.ascii(`${i},`).utf8(piece);
    json.ascii('0]');
    const opening = `{"note":"${'š'.repeat(40)}","result":`;
    const parsed = JSON.parse(json.toBuffer(opening, '}').toString('utf8')) as { note: string; result: unknown[] };
    expect(parsed.note).toBe('š'.repeat(40));
    expect(parsed.result).toHaveLength(2001);
    expect(parsed.result.slice(0, 4)).toEqual([0, 'ā', 1, 'ā']);
  });
});

describe('JsonText.string', () => {
  it('writes a string as JSON of ASCII characters only, escaping what JSON and ASCII need', () => {
    const values = ['2026-11-25T08:00:00.000Z', 'ā š ė õ', 'tab\there "quoted" \\ \u0000', '🧯 \ud800 lone', ''];
    for (const value of values) {
      const json = new JsonText<string>().string(value).toBuffer('', '').toString('latin1');
      expect(json).toMatch(/^[\x20-\x7e]*$/);
      expect(JSON.parse(json)).toBe(value);
    }
  });

  it("gives a large text's memory, once released, to the next large text, and never a small text's", () => {
    const large = () => new JsonText<unknown>(40 * 1024).ascii('[1]');
    const first = large();
    const firstMemory = first.toBuffer('', '').buffer;
    first.release();
    expect(first.toBuffer('', '').toString()).toBe('');
    const second = large();
    expect(second.toBuffer('', '').buffer).toBe(firstMemory);
    expect(large().toBuffer('', '').buffer).not.toBe(firstMemory);

    const small = new JsonText<unknown>(1024).ascii('[2]');
    const smallMemory = small.toBuffer('', '').buffer;
    small.release();
    expect(large().toBuffer('', '').buffer).not.toBe(smallMemory);
  });
});
