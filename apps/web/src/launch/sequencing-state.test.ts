import { describe, expect, it } from 'vitest';
import { pathTo, resumableState } from './sequencing-state';

const tree = {
  id: 'course',
  children: [
    { id: 'intro', children: [] },
    { id: 'module', children: [{ id: 'lesson', children: [] }] },
  ],
};
const activity = (isActive: boolean, isSuspended: boolean) => ({ isActive, isSuspended, attemptCount: 1 });
const node = (id: string, isActive: boolean, children: unknown[] = []) => ({
  id,
  isActive,
  isSuspended: false,
  activityAttemptActive: isActive,
  children,
});

/** A state saved while the learner was in `lesson`: the tab closed before any navigation request. */
const leftOpen = {
  version: '1.0',
  currentActivityId: 'lesson',
  sequencing: {
    currentActivity: 'lesson',
    suspendedActivity: null,
    activityStates: {
      course: activity(true, false),
      intro: activity(false, false),
      module: activity(true, false),
      lesson: activity(true, false),
    },
  },
  suspensionState: {
    currentActivityId: 'lesson',
    suspendedActivityId: null,
    activityTree: node('course', true, [node('intro', false), node('module', true, [node('lesson', true)])]),
  },
};

describe('a saved sequencing state made resumable', () => {
  it('finds the path from the root to an activity', () => {
    expect(pathTo(tree, 'lesson')).toEqual(['course', 'module', 'lesson']);
    expect(pathTo(tree, 'nowhere')).toBeNull();
  });

  it('suspends a session left open at its current activity and the activity’s ancestors, nothing current', () => {
    const state = resumableState(leftOpen, tree);
    expect(state).toMatchObject({
      currentActivityId: null,
      sequencing: {
        currentActivity: null,
        suspendedActivity: 'lesson',
        activityStates: {
          course: { isActive: false, isSuspended: true },
          intro: { isActive: false, isSuspended: false },
          module: { isActive: false, isSuspended: true },
          lesson: { isActive: false, isSuspended: true, attemptCount: 1 },
        },
      },
      suspensionState: {
        currentActivityId: null,
        suspendedActivityId: 'lesson',
        activityTree: {
          isSuspended: true,
          children: [
            { id: 'intro', isSuspended: false },
            {
              id: 'module',
              isSuspended: true,
              children: [{ id: 'lesson', isSuspended: true, activityAttemptActive: true }],
            },
          ],
        },
      },
    });
  });

  it('leaves a suspended session, an ended one and an unknown activity as they are', () => {
    const suspended = { sequencing: { currentActivity: null, suspendedActivity: 'lesson', activityStates: {} } };
    const ended = { sequencing: { currentActivity: null, suspendedActivity: null, activityStates: {} } };
    const unknown = { sequencing: { ...leftOpen.sequencing, currentActivity: 'gone' } };
    for (const state of [suspended, ended, unknown]) expect(resumableState(state, tree)).toBe(state);
  });
});
