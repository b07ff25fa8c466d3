import { courseStatus, type courseRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { subjectsByLogin } from '../../test/demo-subjects.js';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import type { Db } from './connect.js';
import { listCourses, type CourseSubject } from './course-lists.js';

const YEAR_MS = 365 * 86_400_000;

/** A person's list as `courses` answers it. */
async function list(db: Db, subject: CourseSubject, now: Date): Promise<courseRoutes.UserCourse[]> {
  return listCourses(db, [subject], { now });
}

/** Each listed course's own fields of the person, and what they must be: from their results in the database now. */
async function ownFields(db: Db, subject: CourseSubject, now: Date) {
  const results = new Map(
    (
      await db
        .selectFrom('course_results')
        .select(['course_alias', 'complete', 'finish_time'])
        .where('user_id', '=', subject.id)
        .execute()
    ).map((r) => [r.course_alias, r]),
  );
  return (await list(db, subject, now)).map((course) => {
    const result = results.get(course.alias);
    const status = courseStatus(
      {
        assigned: true,
        complete: result?.complete === 1,
        finishTime: result?.finish_time ?? null,
        expiration: course.expiration,
      },
      now,
    );
    return {
      listed: {
        alias: course.alias,
        user_id: course.user_id,
        complete: course.complete,
        finish_time: course.finish_time,
        course_status: course.course_status,
        days_left: course.days_left,
        course_expiration: course.course_expiration,
      },
      expected: {
        alias: course.alias,
        user_id: subject.id,
        complete: result?.complete === 1,
        finish_time: result?.finish_time ?? null,
        course_status: status.status,
        days_left: status.daysLeft,
        course_expiration: status.validUntil,
      },
    };
  });
}

describe.each(DIALECTS)("a person's course list on %s", (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('answers their fields as their results, courses and the day are now, however often they ask', async () => {
    const db = await databases.open();
    const [anna, karlis] = await subjectsByLogin(db, 'ab1234', 'kz1234');
    const now = new Date();
    const check = async (subject: CourseSubject, at = now) => {
      const fields = await ownFields(db, subject, at);
      expect(fields.length).toBeGreaterThan(0);
      for (const { listed, expected } of fields) expect(listed).toEqual(expected);
      return fields.map((f) => f.listed);
    };

    const first = await check(anna!);
    expect(await check(anna!)).toEqual(first);
    // Demo data: Anna's data-protection completion has expired; done again today, it is complete again.
    expect(first.find((c) => c.alias === 'data-protection')?.course_status).toBe('expired');
    await db
      .updateTable('course_results')
      .set({ finish_time: now.toISOString() })
      .where('user_id', '=', anna!.id)
      .where('course_alias', '=', 'data-protection')
      .execute();
    const renewed = await check(anna!);
    expect(renewed.find((c) => c.alias === 'data-protection')?.course_status).toBe('complete');
    // Five years on the completions valid today have expired, and the days left are counted from that day.
    const later = await check(anna!, new Date(now.getTime() + 5 * YEAR_MS));
    expect(later.find((c) => c.alias === 'data-protection')?.course_status).toBe('expired');
    expect(await check(anna!)).toEqual(renewed);
    // Another position's courses with Anna's results, then her own again.
    const otherPosition = await check({ ...anna!, position_id: karlis!.position_id });
    expect(otherPosition.map((c) => c.alias)).not.toEqual(renewed.map((c) => c.alias));
    expect(await check(anna!)).toEqual(renewed);
  });
});
