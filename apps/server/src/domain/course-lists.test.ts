import { describe, expect, it } from 'vitest';
import { countDueMandatory, inListOrder, type ListedVersion } from './course-lists.js';

const version = (fields: Partial<ListedVersion> & Pick<ListedVersion, 'id' | 'alias' | 'language'>): ListedVersion => ({
  status: 'enabled',
  name: fields.alias,
  course_type: 'mandatory',
  expiration: 12,
  course_order_office: 100,
  course_order_store: 100,
  ...fields,
});

describe('inListOrder', () => {
  it('orders a store user’s list by store order, others’ by office order, then by name and id', () => {
    const courses = [
      version({ id: 1, alias: 'b', language: 'lv', course_order_office: 1, course_order_store: 3 }),
      version({ id: 2, alias: 'a', language: 'lv', course_order_office: 2, course_order_store: 3 }),
      version({ id: 3, alias: 'c', language: 'lv', course_order_office: 2, course_order_store: 1 }),
      version({ id: 4, alias: 'a', language: 'ru', course_order_office: 2, course_order_store: 3 }),
    ];
    expect(inListOrder(courses, 'store_user').map((c) => c.id)).toEqual([3, 2, 4, 1]);
    expect(inListOrder(courses, 'office_user').map((c) => c.id)).toEqual([1, 2, 4, 3]);
  });
});

describe('countDueMandatory', () => {
  it('counts the mandatory courses never done, not finished or expired, not optional or valid ones', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const assigned = new Map(
      [
        version({ id: 1, alias: 'never', language: 'lv' }),
        version({ id: 2, alias: 'started', language: 'lv' }),
        version({ id: 3, alias: 'expired', language: 'lv' }),
        version({ id: 4, alias: 'valid', language: 'lv' }),
        version({ id: 5, alias: 'expiring', language: 'lv' }),
        version({ id: 6, alias: 'forever', language: 'lv', expiration: 0 }),
        version({ id: 7, alias: 'optional', language: 'lv', course_type: 'optional' }),
      ].map((c) => [c.alias, c]),
    );
    const results = new Map([
      ['started', { complete: 0, finish_time: null }],
      ['expired', { complete: 1, finish_time: '2024-01-10T08:00:00.000Z' }],
      ['valid', { complete: 1, finish_time: '2026-05-01T08:00:00.000Z' }],
      ['expiring', { complete: 1, finish_time: '2025-06-20T08:00:00.000Z' }],
      ['forever', { complete: 1, finish_time: '2020-01-01T08:00:00.000Z' }],
    ]);
    expect(countDueMandatory(assigned, results, now)).toBe(3);
  });
});
