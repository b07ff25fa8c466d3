import type { courseRoutes } from '@portal/shared';

type ScormVersion = courseRoutes.ScormVersion;

/** The SCORM data model as committed: scorm-again's JSON of `cmi`, with or without the `cmi` root. */
export type Cmi = Record<string, unknown>;

function root(cmi: Cmi): Cmi {
  const inner = cmi.cmi;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Cmi) : cmi;
}

/** Reads a dotted element ("core.lesson_status") of the data model as text, or null. */
export function element(cmi: Cmi, dotted: string): string | null {
  let node: unknown = root(cmi);
  for (const key of dotted.split('.')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
    node = (node as Cmi)[key];
  }
  if (typeof node === 'string') return node;
  if (typeof node === 'number' && Number.isFinite(node)) return String(node);
  return null;
}

/** The columns kept beside the data model, read the same way for both versions. */
export interface ScormSummary {
  lesson_status: string | null;
  completion_status: string | null;
  success_status: string | null;
  score_raw: number | null;
  location: string | null;
  suspend_data: string | null;
  total_time: string | null;
}

const number = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function summarize(version: ScormVersion | null, cmi: Cmi): ScormSummary {
  if (version === '2004') {
    return {
      lesson_status: null,
      completion_status: element(cmi, 'completion_status'),
      success_status: element(cmi, 'success_status'),
      score_raw: number(element(cmi, 'score.raw')),
      location: element(cmi, 'location'),
      suspend_data: element(cmi, 'suspend_data'),
      total_time: element(cmi, 'total_time'),
    };
  }
  const lesson = element(cmi, 'core.lesson_status');
  return {
    lesson_status: lesson,
    completion_status: null,
    success_status: null,
    score_raw: number(element(cmi, 'core.score.raw')),
    location: element(cmi, 'core.lesson_location'),
    suspend_data: element(cmi, 'suspend_data'),
    total_time: element(cmi, 'core.total_time'),
  };
}

/**
 * Whether one SCO's data model says it is done: SCORM 1.2 lesson_status completed or passed; SCORM 2004
 * success_status passed, or completion_status completed unless it failed (a failed quiz never counts). Plain content
 * (null version) uses the 1.2 elements.
 */
export function isScoDone(version: ScormVersion | null, cmi: Cmi): boolean {
  if (version === '2004') {
    const success = element(cmi, 'success_status');
    return success === 'passed' || (element(cmi, 'completion_status') === 'completed' && success !== 'failed');
  }
  const status = element(cmi, 'core.lesson_status');
  return status === 'completed' || status === 'passed';
}
