import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seed/random.js';
import { generatePin } from './pin.js';

describe('generatePin', () => {
  it('takes the first letters of name and surname and four digits', () => {
    expect(generatePin('Anna', 'Bērziņa', () => false)).toMatch(/^ab\d{4}$/);
    expect(generatePin('  jonas', 'KAZLAUSKAS', () => false)).toMatch(/^jk\d{4}$/);
  });

  it("uses 'a' for a first letter outside a–z (Ā, Š, Ž, Õ)", () => {
    expect(generatePin('Āris', 'Šmits', () => false)).toMatch(/^aa\d{4}$/);
    expect(generatePin('Žydrūnas', 'Õun', () => false)).toMatch(/^aa\d{4}$/);
    expect(generatePin('Ēriks', 'Ozols', () => false)).toMatch(/^ao\d{4}$/);
  });

  it('draws again until the PIN is not taken', () => {
    const taken = new Set(['ab0000', 'ab0001']);
    const digits = [0, 0.0001, 0.0002];
    let i = 0;
    const pin = generatePin(
      'Anna',
      'Bērziņa',
      (p) => taken.has(p),
      () => digits[i++]!,
    );
    expect(pin).toBe('ab0002');
  });

  it('gives up with an error when every PIN of the prefix is taken', () => {
    expect(() => generatePin('A', 'B', () => true, seededRandom(1))).toThrow(/no free PIN/);
  });
});
