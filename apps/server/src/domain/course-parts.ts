import type { courseRoutes } from '@portal/shared';
import type { AttemptState } from './attempts.js';
import { element, summarize } from './scorm-status.js';

type CoursePart = courseRoutes.CoursePart;
type ScormVersion = courseRoutes.ScormVersion;

/** SCORM 1.2 has one lesson_status; read as 2004's two statuses. */
const LESSON_STATUS: Record<string, { completion: string; success: string | null }> = {
  passed: { completion: 'completed', success: 'passed' },
  failed: { completion: 'completed', success: 'failed' },
  completed: { completion: 'completed', success: null },
  incomplete: { completion: 'incomplete', success: null },
  browsed: { completion: 'incomplete', success: null },
  'not attempted': { completion: 'not attempted', success: null },
};

/** Each part of a course, in its order, with what the attempt's saved data says of it. */
export function partStatuses(
  version: ScormVersion | null,
  scos: { id: string; title: string }[],
  state: AttemptState,
): CoursePart[] {
  return scos.map(({ id, title }) => {
    const saved = state.scos[id];
    const part: CoursePart = {
      id,
      title,
      completion_status: null,
      success_status: null,
      score: null,
      done: saved?.done ?? false,
    };
    if (!saved) return part;
    const summary = summarize(version, saved.cmi);
    if (version === '2004') {
      const success = summary.success_status;
      return {
        ...part,
        completion_status: summary.completion_status,
        success_status: success === 'unknown' ? null : success,
        score: summary.score_raw,
      };
    }
    const lesson = LESSON_STATUS[element(saved.cmi, 'core.lesson_status') ?? ''];
    return {
      ...part,
      completion_status: lesson?.completion ?? null,
      success_status: lesson?.success ?? null,
      score: summary.score_raw,
    };
  });
}
