import { describe, expect, it } from 'vitest';
import { MadePerPerson } from './made-per-person.js';

describe('MadePerPerson', () => {
  it('answers what it made while every input is the same, strings by their text, and makes it again otherwise', () => {
    const made = new MadePerPerson<string>({ people: 10 });
    const courses = new Map();
    let makes = 0;
    const make = (value: string) => () => `${value} ${++makes}`;
    expect(made.get(1, [courses, '[1,2]', 7], make('a'))).toBe('a 1');
    expect(made.get(1, [courses, ` ${'[1,2]'}`.slice(1), 7], make('b'))).toBe('a 1');
    expect(made.get(1, [new Map(), '[1,2]', 7], make('c'))).toBe('c 2');
    expect(made.get(1, [courses, '[1,2]', 7], make('d'))).toBe('d 3');
    expect(made.get(1, [courses, '[1,3]', 7], make('e'))).toBe('e 4');
    expect(made.get(1, [courses, '[1,3]', 8], make('f'))).toBe('f 5');
    expect(made.find(2, [courses, '[1,3]', 8])).toBeUndefined();
  });

  it('keeps the people who asked last, up to its limit in people or in bytes', () => {
    const byPeople = new MadePerPerson<number>({ people: 2 });
    const bySize = new MadePerPerson<string>({ bytes: 10, sizeOf: (value) => value.length });
    for (const person of [1, 2, 3]) {
      byPeople.keep(person, [], person);
      bySize.keep(person, [], 'four');
    }
    expect([1, 2, 3].map((person) => byPeople.find(person, []))).toEqual([undefined, 2, 3]);
    expect([1, 2, 3].map((person) => bySize.find(person, []))).toEqual([undefined, 'four', 'four']);
  });
});
