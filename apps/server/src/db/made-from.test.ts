import { describe, expect, it } from 'vitest';
import { MadeFrom } from './made-from.js';

describe('MadeFrom', () => {
  it('answers what it made while every input is the same, strings by their text, and nothing otherwise', () => {
    const made = new MadeFrom<string>({ entries: 10 });
    const courses = new Map();
    made.keep(1, [courses, '[1,2]', 7], 'a');
    expect(made.find(1, [courses, '[1,2]', 7])).toBe('a');
    expect(made.find(1, [courses, ` ${'[1,2]'}`.slice(1), 7])).toBe('a');
    expect(made.find(1, [new Map(), '[1,2]', 7])).toBeUndefined();
    expect(made.find(1, [courses, '[1,3]', 7])).toBeUndefined();
    expect(made.find(1, [courses, '[1,2]', 8])).toBeUndefined();
    expect(made.find(1, [courses, '[1,2]'])).toBeUndefined();
    made.keep(1, [courses, '[1,3]', 8], 'b');
    expect(made.find(1, [courses, '[1,2]', 7])).toBeUndefined();
    expect(made.find(1, [courses, '[1,3]', 8])).toBe('b');
    expect(made.find(2, [courses, '[1,3]', 8])).toBeUndefined();
  });

  it('keeps the values asked for last, up to its limit in entries or in bytes', () => {
    const byPeople = new MadeFrom<number>({ entries: 2 });
    const bySize = new MadeFrom<string>({ bytes: 10, sizeOf: (value) => value.length });
    for (const person of [1, 2, 3]) {
      byPeople.keep(person, [], person);
      bySize.keep(person, [], 'four');
    }
    expect([1, 2, 3].map((person) => byPeople.find(person, []))).toEqual([undefined, 2, 3]);
    expect([1, 2, 3].map((person) => bySize.find(person, []))).toEqual([undefined, 'four', 'four']);
  });
});
