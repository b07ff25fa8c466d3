import { describe, expect, it } from 'vitest';
import { joinCourseProgress } from './course-progress.js';
import type { CatalogueCourse, CourseProgressList } from './routes/courses.js';

const version = (id: number, alias: string, expiration: number): CatalogueCourse => ({
  id,
  alias,
  language: 'lv',
  name: `Course ${id}`,
  description: '',
  expiration,
  folder: alias,
  course_type: 'mandatory',
  course_mandatory: 'true',
  status: 'enabled',
  course_order_office: id,
  course_order_store: id,
  external_url: null,
  launch_file: null,
  scorm_version: '1.2',
  url: `/course-content/${alias}/index.html`,
});

const catalogue = [version(1, 'safety', 12), version(2, 'hygiene', 0), version(3, 'fire', 12), version(4, 'tills', 6)];

describe('joinCourseProgress', () => {
  it('lists the versions in the order given, each with the result of its alias and its status as of the answer', () => {
    const progress: CourseProgressList = {
      catalogue: '0123456789abcdef',
      now: '2026-03-15T23:30:00.000Z',
      ids: [3, 1, 2, 4],
      additional: [4],
      results: [
        ['safety', 1, '2025-03-10T08:00:00.000Z'],
        ['hygiene', 1, '2020-01-01T08:00:00.000Z'],
        ['fire', 0, '2026-03-01T08:00:00.000Z'],
        ['not-listed', 1, '2026-01-01T08:00:00.000Z'],
      ],
    };
    const listed = joinCourseProgress(progress, catalogue);
    expect(listed.map((c) => [c.id, c.additional, c.complete, c.finish_time, c.course_status, c.days_left])).toEqual([
      [3, false, false, '2026-03-01T08:00:00.000Z', 'incomplete', null],
      [1, false, true, '2025-03-10T08:00:00.000Z', 'expired', -5],
      [2, false, true, '2020-01-01T08:00:00.000Z', 'complete', null],
      [4, true, false, null, 'incomplete', null],
    ]);
    expect(listed[1]).toMatchObject({ ...catalogue[0], course_expiration: '2026-03-10' });
    expect(listed.every((c) => !('user_id' in c))).toBe(true);
  });

  it("counts the days from the server's clock, not the browser's", () => {
    const progress = (now: string): CourseProgressList => ({
      catalogue: '0123456789abcdef',
      now,
      ids: [1],
      additional: [],
      results: [['safety', 1, '2025-04-01T08:00:00.000Z']],
    });
    expect(joinCourseProgress(progress('2026-03-15T10:00:00.000Z'), catalogue)[0]).toMatchObject({
      course_status: 'expires-soon',
      days_left: 17,
    });
    expect(joinCourseProgress(progress('2026-04-02T10:00:00.000Z'), catalogue)[0]).toMatchObject({
      course_status: 'expired',
      days_left: -1,
    });
  });

  it('leaves out a course whose version the catalogue no longer offers', () => {
    const progress: CourseProgressList = {
      catalogue: '0123456789abcdef',
      now: '2026-03-15T10:00:00.000Z',
      ids: [1, 99],
      additional: [99],
      results: [],
    };
    expect(joinCourseProgress(progress, catalogue).map((c) => c.id)).toEqual([1]);
  });
});
