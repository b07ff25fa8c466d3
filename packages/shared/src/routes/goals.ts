import { z } from 'zod';
import { GOALS_PER_USER, PLACEHOLDER_TASK_ID_START, QUARTERS, TASKS_PER_GOAL } from '../constants.js';
import { contract } from '../contract.js';
import { rowId } from './row-id.js';

/** The four kinds of learning activity, one per task slot (0 to 3), in the order the goals screen shows them. */
export const ACTIVITY_KINDS = ['alone', 'colleagues', 'doing', 'courses'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The spec's quarter labels; `goal_quarter` is the number 1 to 4, `quarter` its label. */
export const QUARTER_LABELS = ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter'] as const;
export type QuarterLabel = (typeof QUARTER_LABELS)[number];

export const GOAL_NAME_MAX = 120;
export const GOAL_DESCRIPTION_MAX = 2000;
export const TASK_DESCRIPTION_MAX = 2000;
export const TASK_COMPLETE_PERCENTAGE = 100;

/** A task of the spec's section 3; `task_complete` is the percentage as a string ('100' = done). */
export interface Task {
  task_id: number;
  task_goal_id: number;
  /** 0 to 3: which activity kind this task is. */
  slot: number;
  kind: ActivityKind;
  /** 'Task 0' to 'Task 3'. */
  name: string;
  description: string;
  task_percentage: number;
  task_complete: string;
  /** True for a gap filled on the client (ids from 9999); never sent back to the server. */
  placeholder: boolean;
}

/** A goal of the spec's section 3 with exactly four tasks. */
export interface Goal {
  goal_id: number;
  /** 0 to 2: the goal's place on the goals screen. */
  slot: number;
  name: string;
  description: string;
  quarter: QuarterLabel;
  goal_quarter: number;
  tasks: Task[];
  /** All four tasks at 100. */
  reached: boolean;
  /** All four tasks at 0 with no description. */
  empty: boolean;
}

/** Replaces line breaks (and the blanks around them) with one space: goal names are one line. */
export function stripLineBreaks(text: string): string {
  return text.replace(/[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}

export const quarterLabel = (quarter: number): QuarterLabel =>
  QUARTER_LABELS[Math.min(Math.max(Math.trunc(quarter), 1), QUARTERS) - 1]!;

/** A task is complete at 100 percent. */
export const isTaskComplete = (task: Pick<Task, 'task_percentage'>): boolean =>
  task.task_percentage >= TASK_COMPLETE_PERCENTAGE;

/** A goal is reached when all four of its tasks are complete. */
export function isGoalReached(tasks: readonly Pick<Task, 'task_percentage'>[]): boolean {
  return tasks.length === TASKS_PER_GOAL && tasks.every(isTaskComplete);
}

/** A goal is empty when its four tasks are at 0 and none has a description. */
export function isGoalEmpty(tasks: readonly Pick<Task, 'task_percentage' | 'description'>[]): boolean {
  return tasks.every((t) => t.task_percentage === 0 && t.description.trim() === '');
}

/** How many of a user's three goals are not reached; goals that do not exist yet count as unreached. */
export function countUnreached(goals: readonly { reached: boolean }[]): number {
  return Math.max(0, GOALS_PER_USER - goals.filter((g) => g.reached).length);
}

/**
 * Exactly four tasks in slot order: gaps become placeholder tasks whose ids count up from 9999
 * (`nextId` carries the counter across goals so placeholder ids stay unique on one screen).
 */
export function withPlaceholderTasks(
  goalId: number,
  tasks: readonly Task[],
  nextId: { value: number } = { value: PLACEHOLDER_TASK_ID_START },
): Task[] {
  return Array.from({ length: TASKS_PER_GOAL }, (_, slot) => {
    const found = tasks.find((t) => t.slot === slot);
    if (found) return found;
    const id = nextId.value++;
    return {
      task_id: id,
      task_goal_id: goalId,
      slot,
      kind: ACTIVITY_KINDS[slot]!,
      name: `Task ${slot}`,
      description: '',
      task_percentage: 0,
      task_complete: '0',
      placeholder: true,
    };
  });
}

const id = rowId;
const quarterId = z.number().int().min(1).max(QUARTERS);
/** A quarter as the number 1 to 4 or as its label ('1st quarter'). */
const quarterInput = z.union([
  quarterId,
  z.enum(QUARTER_LABELS).transform((label) => QUARTER_LABELS.indexOf(label) + 1),
]);
const goalName = z
  .string()
  .max(GOAL_NAME_MAX * 2)
  .transform(stripLineBreaks)
  .pipe(z.string().min(1, 'The goal needs a name.').max(GOAL_NAME_MAX));

/** The caller's three goals with their tasks; creates them (once) for a user who has none. */
export const goals = contract<Goal[]>()('goals', 'GET', z.strictObject({}));

/** The four tasks of one of the caller's goals. */
export const goalTasks = contract<Task[]>()('goal_tasks', 'GET', z.strictObject({ goalId: id }));

/** Adds a goal (with its four empty tasks) in the caller's next free slot; at most three. */
export const addGoal = contract<Goal>()(
  'add_goal',
  'POST',
  z.strictObject({
    name: goalName,
    description: z.string().max(GOAL_DESCRIPTION_MAX).default(''),
    quarter: quarterInput.default(1),
  }),
);

/** Adds the task named 'Task 0' to 'Task 3' to one of the caller's goals when that slot is free. */
export const addTask = contract<Task>()(
  'add_task',
  'POST',
  z.strictObject({
    goal_id: id,
    name: z.string().regex(/^Task [0-3]$/, "The name is 'Task 0' to 'Task 3'."),
    description: z.string().max(TASK_DESCRIPTION_MAX).default(''),
  }),
);

export const setGoalName = contract<Goal>()(
  'set_goal_name',
  'POST',
  z.strictObject({ goal_id: id, goal_name: goalName }),
);

export const setGoalQuarter = contract<Goal>()(
  'set_goal_quarter',
  'POST',
  z.strictObject({ goal_id: id, quarter_id: quarterId }),
);

export const setTaskPercentage = contract<Task>()(
  'set_task_percentage',
  'POST',
  z.strictObject({ task_id: id, task_percentage: z.number().int().min(0).max(TASK_COMPLETE_PERCENTAGE) }),
);

export const setTaskDescription = contract<Task>()(
  'set_task_description',
  'POST',
  z.strictObject({ task_id: id, task_description: z.string().max(TASK_DESCRIPTION_MAX) }),
);

export interface GoalsIntroResult {
  /** True only for the call that recorded the first visit: the screen then shows the goal tutorial. */
  first_visit: boolean;
}

/** Records that the caller has seen the goals introduction; answers whether this was the first time. */
export const setGoalsIntroSeen = contract<GoalsIntroResult>()('set_goals_intro_seen', 'POST', z.strictObject({}));
