import type { courseRoutes } from '@portal/shared';

/**
 * The few coarse messages between the player (portal origin) and the launch page (content origin). Each side takes
 * a message only from the other's window and origin; every SCORM call stays inside the content origin.
 */
export type SaveState = 'saved' | 'saving' | 'retrying';

/** A navigation request the learner makes with the player's own controls (SCORM 2004 SN 4.4.2). */
export type NavigationRequest =
  | { request: 'start' | 'continue' | 'previous' | 'exit' | 'exitAll' | 'suspendAll' | 'abandonAll' }
  | { request: 'choice' | 'jump'; target: string };

/** One activity of a sequenced course as the player lists it. */
export interface NavigationActivity {
  id: string;
  title: string;
  /** 0 for the root's children. */
  depth: number;
  /** The manifest's `isvisible`; an invisible activity is delivered but not listed. */
  visible: boolean;
  /** A choice request for it is valid now (`adl.nav.request_valid.choice.{target=id}`). */
  choosable: boolean;
  completion: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
  success: 'passed' | 'failed' | 'unknown';
}

/** What the player shows of a sequenced course: the tree, the activity delivered now, the valid controls. */
export interface NavigationState {
  /** The root activity: the whole course, which a choice may also target (it starts the course's flow again). */
  root: NavigationActivity | null;
  activities: NavigationActivity[];
  /** The activity delivered now, or null between deliveries and after the course ended. */
  current: string | null;
  /** Which of the player's controls are valid now (`adl.nav.request_valid.*`, minus what `hideLMSUI` hides). */
  controls: { continue: boolean; previous: boolean; exit: boolean; exitAll: boolean; suspendAll: boolean };
  /** The sequencing session has ended (exitAll, suspendAll, or nothing more to deliver). */
  ended: boolean;
}

export type ToLaunchPage =
  | { type: 'portal:launch'; launch: courseRoutes.CourseLaunch; sco: string }
  | { type: 'portal:open-sco'; sco: string }
  | ({ type: 'portal:navigate' } & NavigationRequest);

export type FromLaunchPage =
  | { type: 'portal:ready' }
  | { type: 'portal:save-state'; state: SaveState }
  | { type: 'portal:saved'; sco: string; result: courseRoutes.SavedCourseState }
  | { type: 'portal:navigation'; state: NavigationState }
  | { type: 'portal:failed'; reason: 'expired' | 'missing' | 'error' };

const TYPES = new Set([
  'portal:launch',
  'portal:open-sco',
  'portal:navigate',
  'portal:ready',
  'portal:save-state',
  'portal:saved',
  'portal:navigation',
  'portal:failed',
]);

/** A message of this protocol (by shape only; the caller checks its origin and source). */
export function isPortalMessage(data: unknown): data is ToLaunchPage | FromLaunchPage {
  return !!data && typeof data === 'object' && TYPES.has((data as { type?: unknown }).type as string);
}
