import { z } from 'zod';
import type { NavigationActivity, NavigationState } from '../../../launch/messages';

const activity = z.object({
  id: z.string().min(1).max(1000),
  title: z.string().max(1000),
  depth: z.number().int().min(0).max(100),
  visible: z.boolean(),
  choosable: z.boolean(),
  completion: z.enum(['completed', 'incomplete', 'not attempted', 'unknown']),
  success: z.enum(['passed', 'failed', 'unknown']),
});

const navigationState = z.object({
  root: activity.nullable(),
  activities: z.array(activity).max(5000),
  current: z.string().nullable(),
  controls: z.object({
    continue: z.boolean(),
    previous: z.boolean(),
    exit: z.boolean(),
    exitAll: z.boolean(),
    suspendAll: z.boolean(),
  }),
  ended: z.boolean(),
}) satisfies z.ZodType<NavigationState>;

/**
 * The navigation state a launch page posted, or null when it is not one. The launch page shares its origin with the
 * course's own scripts, so the player takes its messages as input from outside.
 */
export function readNavigationState(data: unknown): NavigationState | null {
  const parsed = navigationState.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The one status a part shows: success when the content reported it, else its completion. */
export type PartStatus = 'passed' | 'failed' | 'completed' | 'incomplete' | 'notStarted';

export function partStatus(part: NavigationActivity): PartStatus {
  if (part.success !== 'unknown') return part.success;
  if (part.completion === 'completed' || part.completion === 'incomplete') return part.completion;
  return 'notStarted';
}

export interface PartNode {
  part: NavigationActivity;
  children: PartNode[];
}

/**
 * The visible activities as a tree, from the flat list in tree order with depths. A part under an invisible one
 * hangs from the nearest visible one above it.
 */
export function visiblePartTree(activities: NavigationActivity[]): PartNode[] {
  const roots: PartNode[] = [];
  const open: PartNode[] = [];
  for (const part of activities) {
    if (!part.visible) continue;
    let parent = open.at(-1);
    while (parent && parent.part.depth >= part.depth) {
      open.pop();
      parent = open.at(-1);
    }
    const node: PartNode = { part, children: [] };
    (parent ? parent.children : roots).push(node);
    open.push(node);
  }
  return roots;
}
