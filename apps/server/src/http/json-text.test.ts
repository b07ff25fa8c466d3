import { describe, expect, it } from 'vitest';
import { asciiJson, JsonText, utf8Bytes } from './json-text.js';

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

  it('is empty between its envelope when nothing is appended', () => {
    expect(new JsonText<unknown>().toBuffer('[', ']').toString()).toBe('[]');
  });
});

describe('asciiJson', () => {
  it('escapes every character outside ASCII, so that the text is one byte a character', () => {
    const values = ['2026-11-25T08:00:00.000Z', 'ā š ė õ', 'tab\there "quoted" \\ \u0000', '🧯 \ud800 lone'];
    for (const value of values) {
      const json = asciiJson(value);
      expect(json).toMatch(/^[\x20-\x7e]*$/);
      expect(JSON.parse(json)).toBe(value);
    }
  });
});
