import { courseRoutes, courseStatus, type Language } from '@portal/shared';
import {
  catalogueCourses,
  findOpenableCourse,
  listCourseProgress,
  listCourses,
  listLinkedCourses,
  loadSubjects,
} from '../db/course-lists.js';
import { findResult, readCourseLog, recordCompletion, saveAttemptState } from '../db/course-progress.js';
import { courseVersion } from '../db/course-versions.js';
import { currentAttempt } from '../domain/attempts.js';
import { contentUrl } from '../domain/content-url.js';
import { courseScos } from '../scorm/library.js';
import { conflict, invalidInput, notFound } from './errors.js';
import { assertSubjectsInScope, route, type RouteDef } from './registry.js';

type CourseState = courseRoutes.CourseState;
type ScormVersion = courseRoutes.ScormVersion;

const notOpenable = () => notFound('This course is not in your list.');

export const courses = route(courseRoutes.courses, {
  allow: 'own',
  async handler({ input, actor, db }) {
    const ids = [...new Set(input.userId ?? [actor.id])];
    const own = ids.length === 1 && ids[0] === actor.id;
    // Anyone else listed must lie in the caller's scope (domain/policy.ts reachesUser), as the registry checks subjects.
    if (!own) await assertSubjectsInScope(db, actor, ids);
    const subjects = own ? [actor] : await loadSubjects(db, ids);
    return listCourses(db, subjects, input.userLang ? { language: input.userLang } : {});
  },
});

export const courseProgress = route(courseRoutes.courseProgress, {
  allow: 'own',
  async handler({ input, actor, db }) {
    return listCourseProgress(db, actor, input.userLang ? { language: input.userLang } : {});
  },
});

export const courseCatalogue = route(courseRoutes.courseCatalogue, {
  allow: 'own',
  async handler({ input, db, cacheForGood }) {
    const { digest, courses } = await catalogueCourses(db, input.ids);
    if (input.v === digest) cacheForGood();
    return courses;
  },
});

export const linkedCourses = route(courseRoutes.linkedCourses, {
  allow: 'own',
  async handler({ input, actor: subject, db }) {
    return listLinkedCourses(db, subject, input.userLang ? { language: input.userLang } : {});
  },
});

export const setCourseComplete = route(courseRoutes.setCourseComplete, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: subject, db }) {
    const course = await findOpenableCourse(db, subject, input.course_alias);
    if (!course) throw notOpenable();
    if (course.external_url)
      throw invalidInput('An external course cannot be completed here.', { course_alias: 'external course' });
    const outcome = await recordCompletion(db, { userId: subject.id, course, source: 'message' });
    return {
      course_alias: course.alias,
      complete: true as const,
      finish_time: outcome.result.finish_time!,
      course_status: outcome.status.status,
      course_expiration: outcome.status.validUntil,
      changed: outcome.changed,
    };
  },
});

export const getCourseState = route(courseRoutes.getCourseState, {
  allow: 'own',
  async handler({ input, actor: subject, db, config }): Promise<CourseState> {
    const course = await findOpenableCourse(db, subject, input.course_alias, input.userLang);
    if (!course) throw notOpenable();
    const scos = courseScos(config.COURSES_DIR, course);
    const row = await findResult(db, subject.id, course.alias);
    const now = new Date();
    const current = currentAttempt(
      row,
      scos.map((s) => s.id),
      course.expiration,
      now,
    );
    const status = courseStatus(
      {
        assigned: true,
        complete: row?.complete === 1,
        finishTime: row?.finish_time ?? null,
        expiration: course.expiration,
      },
      now,
    );
    return {
      course: {
        id: course.id,
        alias: course.alias,
        language: course.language as Language,
        name: course.name,
        scorm_version: (course.scorm_version as ScormVersion | null) ?? null,
        url: course.external_url ? null : contentUrl(course.folder, course.launch_file || 'index.html'),
        external_url: course.external_url,
      },
      attempt: current.attempt,
      seq: current.seq,
      scos: scos.map((sco) => ({
        id: sco.id,
        title: sco.title,
        url: contentUrl(course.folder, sco.href),
        cmi: current.state.scos[sco.id]?.cmi ?? null,
        done: current.state.scos[sco.id]?.done ?? false,
      })),
      complete: row?.complete === 1,
      finish_time: row?.finish_time ?? null,
      course_status: status.status,
      course_expiration: status.validUntil,
    };
  },
});

export const setCourseState = route(courseRoutes.setCourseState, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: subject, db, config }) {
    // The subject is always the caller: no input names another person, so nobody writes another's progress.
    const openable = await findOpenableCourse(db, subject, input.course_alias);
    if (!openable) throw notOpenable();
    const course =
      openable.id === input.course_id ? openable : await courseVersion(db, input.course_alias, input.course_id);
    if (!course) throw invalidInput('course_id is not a version of this course.', { course_id: 'unknown version' });
    const scoIds = courseScos(config.COURSES_DIR, course).map((s) => s.id);
    if (!scoIds.includes(input.sco)) throw invalidInput('sco is not a part of this course.', { sco: 'unknown SCO' });
    const outcome = await saveAttemptState(db, {
      userId: subject.id,
      course,
      scoIds,
      attempt: input.attempt,
      seq: input.seq,
      sco: input.sco,
      cmi: input.cmi,
      log: input.log,
    });
    if (outcome.kind === 'conflict')
      throw conflict('This attempt is no longer the current one. Please reopen the course.');
    return {
      saved: outcome.kind === 'saved',
      attempt: outcome.result.attempt,
      seq: outcome.result.state_seq,
      complete: outcome.result.complete === 1,
      finish_time: outcome.result.finish_time,
      course_status: outcome.status.status,
      course_expiration: outcome.status.validUntil,
    };
  },
});

export const getCourseLog = route(courseRoutes.getCourseLog, {
  allow: 'view_results',
  subjectUsers: (input) => [input.user_id],
  async handler({ input, db }) {
    return readCourseLog(db, input.user_id, input.course_alias);
  },
});

/** Calls of the courses area. */
export const coursesApi: RouteDef[] = [
  courses,
  courseProgress,
  courseCatalogue,
  linkedCourses,
  setCourseComplete,
  getCourseState,
  setCourseState,
  getCourseLog,
] as RouteDef[];
