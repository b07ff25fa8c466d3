import { CONTENT_PATHS, courseRoutes, courseStatus, type Language } from '@portal/shared';
import {
  findAttemptSequencing,
  findLaunchedAttempt,
  findRecordedVersion,
  issueAttemptToken,
  listAttempts,
  recordLaunch,
} from '../db/attempts.js';
import {
  catalogueCourses,
  findOpenableCourse,
  listCourseProgress,
  listCourses,
  listLinkedCourses,
  loadSubjects,
} from '../db/course-lists.js';
import { findResult, readCourseLog, recordCompletion, startNewAttempt } from '../db/course-progress.js';
import { courseSequencing } from '../db/course-sequencing.js';
import { attemptFinished, currentAttempt, readAttemptState } from '../domain/attempts.js';
import { partStatuses } from '../domain/course-parts.js';
import { contentUrl } from '../domain/content-url.js';
import { contentOriginFor } from '../scorm/content-origin.js';
import { launchGlobalObjectives } from '../scorm/global-objectives.js';
import { courseScos, hiddenScos } from '../scorm/library.js';
import { launchSharedData } from '../scorm/shared-data.js';
import { conflict, invalidInput, notFound } from './errors.js';
import { assertSubjectsInScope, route, type RouteDef } from './registry.js';

type CourseState = courseRoutes.CourseState;
type CourseLaunch = courseRoutes.CourseLaunch;
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

/**
 * Completion the content reports through the portal (non-SCORM content, scripted clients): earned only in an attempt
 * of the caller's own course that the player launched, and kept with that attempt and the time since its launch.
 */
export const setCourseComplete = route(courseRoutes.setCourseComplete, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: subject, db, config }) {
    const course = await findOpenableCourse(db, subject, input.course_alias);
    if (!course) throw notOpenable();
    if (course.external_url)
      throw invalidInput('An external course cannot be completed here.', { course_alias: 'external course' });
    const row = await findResult(db, subject.id, course.alias);
    const scoIds = courseScos(config.COURSES_DIR, course).map((s) => s.id);
    const current = currentAttempt(row, scoIds, course.expiration, new Date());
    const attempt = await findLaunchedAttempt(db, subject.id, course.alias, current.attempt);
    if (!attempt) throw conflict('Open the course in the player first: a completion comes from a launched attempt.');
    const now = new Date();
    const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(attempt.started_at)) / 1000));
    const outcome = await recordCompletion(db, {
      userId: subject.id,
      course,
      source: 'message',
      evidence: { attempt: attempt.attempt, timeSpent: `PT${seconds}S`, score: null },
      now,
    });
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

/**
 * Opens one of the caller's courses in the player: the current attempt (resumed, or a new one when a completion is due
 * for renewal), a finished attempt of a completed course in review, or with `restart` a new attempt. Each launch gets
 * a token of its own for the content origin.
 */
export const launchCourse = route(courseRoutes.launchCourse, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: subject, db, config, origin }): Promise<CourseLaunch> {
    const course = await findOpenableCourse(db, subject, input.course_alias, input.userLang);
    if (!course) throw notOpenable();
    if (course.external_url)
      throw invalidInput('An external course opens in a tab of its own.', { course_alias: 'external course' });
    const scos = courseScos(config.COURSES_DIR, course);
    const scoIds = scos.map((s) => s.id);
    const now = new Date();
    if (input.restart) await startNewAttempt(db, subject.id, course, now);
    const row = await findResult(db, subject.id, course.alias);
    const current = currentAttempt(row, scoIds, course.expiration, now);
    const review = !!row && row.complete === 1 && !current.fresh && attemptFinished(row, current.state, scoIds);
    if (!review) await recordLaunch(db, { userId: subject.id, course, attempt: current.attempt, now });
    const token = await issueAttemptToken(db, {
      userId: subject.id,
      courseId: course.id,
      attempt: current.attempt,
      review,
      portalOrigin: origin,
      now,
    });
    const contentOrigin = contentOriginFor(config, origin);
    const tree = course.scorm_version === '2004' ? await courseSequencing(db, course.id) : null;
    // The engine of a sequenced course may deliver the items its organisation hides as well.
    const delivered = tree ? [...scos, ...hiddenScos(config.COURSES_DIR, course)] : scos;
    // A review plays the course again from its start: the finished attempt's engine state has nothing to deliver.
    const state =
      tree && !review && !current.fresh
        ? await findAttemptSequencing(db, {
            userId: subject.id,
            alias: course.alias,
            attempt: current.attempt,
            courseId: course.id,
          })
        : null;
    return {
      content_origin: contentOrigin,
      launch_url: `${contentOrigin}${CONTENT_PATHS.launchPage}`,
      token,
      mode: review ? 'review' : 'normal',
      attempt: current.attempt,
      seq: current.seq,
      scorm_version: (course.scorm_version as ScormVersion | null) ?? null,
      learner: { id: String(subject.id), name: `${subject.profile.surname}, ${subject.profile.name}` },
      scos: delivered.map((sco) => ({
        id: sco.id,
        title: sco.title,
        href: sco.href,
        cmi: current.state.scos[sco.id]?.cmi ?? null,
        done: current.state.scos[sco.id]?.done ?? false,
        launch: sco.launch,
      })),
      shared_data: await launchSharedData(db, subject.id, course, current.attempt),
      complete: row?.complete === 1,
      sequencing: tree
        ? {
            activityTree: { ...tree.activityTree },
            launches: tree.launches,
            state,
            global_objectives: await launchGlobalObjectives(db, subject.id, tree),
          }
        : null,
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

export const getCourseAttempts = route(courseRoutes.getCourseAttempts, {
  allow: 'view_results',
  subjectUsers: (input) => [input.user_id],
  async handler({ input, db }) {
    const attempts = await listAttempts(db, input.user_id, input.course_alias);
    return attempts.map((a) => ({
      attempt: a.attempt,
      course_id: a.course_id,
      started_at: a.started_at,
      last_launched_at: a.launched_at,
      status: a.status,
      score: a.score,
      total_time: a.total_time,
    }));
  },
});

export const getCourseParts = route(courseRoutes.getCourseParts, {
  allow: 'view_results',
  subjectUsers: (input) => [input.user_id],
  async handler({ input, db, config }) {
    const row = await findResult(db, input.user_id, input.course_alias);
    const [subject] = await loadSubjects(db, [input.user_id]);
    const course = await findRecordedVersion(db, input.course_alias, {
      courseId: row?.course_id ?? null,
      language: subject?.language ?? '',
    });
    if (!course) throw notFound('There is no such course.');
    const scos = courseScos(config.COURSES_DIR, course);
    const version = (course.scorm_version as ScormVersion | null) ?? null;
    return { attempt: row?.attempt ?? null, parts: partStatuses(version, scos, readAttemptState(row)) };
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
  launchCourse,
  getCourseLog,
  getCourseAttempts,
  getCourseParts,
] as RouteDef[];
