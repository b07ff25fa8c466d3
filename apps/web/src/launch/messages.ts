import type { courseRoutes } from '@portal/shared';

/**
 * The few coarse messages between the player (portal origin) and the launch page (content origin). Each side takes
 * a message only from the other's window and origin; every SCORM call stays inside the content origin.
 */
export type SaveState = 'saved' | 'saving' | 'retrying';

export type ToLaunchPage =
  { type: 'portal:launch'; launch: courseRoutes.CourseLaunch; sco: string } | { type: 'portal:open-sco'; sco: string };

export type FromLaunchPage =
  | { type: 'portal:ready' }
  | { type: 'portal:save-state'; state: SaveState }
  | { type: 'portal:saved'; sco: string; result: courseRoutes.SavedCourseState }
  | { type: 'portal:failed'; reason: 'expired' | 'missing' | 'error' };

const TYPES = new Set([
  'portal:launch',
  'portal:open-sco',
  'portal:ready',
  'portal:save-state',
  'portal:saved',
  'portal:failed',
]);

/** A message of this protocol (by shape only; the caller checks its origin and source). */
export function isPortalMessage(data: unknown): data is ToLaunchPage | FromLaunchPage {
  return !!data && typeof data === 'object' && TYPES.has((data as { type?: unknown }).type as string);
}
