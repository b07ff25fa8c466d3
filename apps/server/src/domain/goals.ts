import { goalRoutes, GOALS_PER_USER, LANGUAGES, TASKS_PER_GOAL, type Language } from '@portal/shared';

type Goal = goalRoutes.Goal;
type Task = goalRoutes.Task;

export const { isTaskComplete, isGoalReached, isGoalEmpty, countUnreached, withPlaceholderTasks, stripLineBreaks } =
  goalRoutes;

/** The name a new user's goal gets, in the user's language: 'Goal 1' to 'Goal 3'. */
export function defaultGoalName(language: string, slot: number): string {
  const n = slot + 1;
  const lang: Language = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  switch (lang) {
    case 'lv':
      return `${n}. mērķis`;
    case 'lt':
      return `${n} tikslas`;
    case 'ee':
      return `${n}. eesmärk`;
    case 'en':
      return `Goal ${n}`;
  }
}

/** The spec's task names, one per slot: 'Task 0' to 'Task 3'. */
export const taskName = (slot: number): string => `Task ${slot}`;

/** The task slot a name 'Task N' stands for. */
export const slotOfTaskName = (name: string): number => Number(name.slice('Task '.length));

export const GOAL_SLOTS = Array.from({ length: GOALS_PER_USER }, (_, i) => i);
export const TASK_SLOTS = Array.from({ length: TASKS_PER_GOAL }, (_, i) => i);

export interface GoalRow {
  id: number;
  slot: number;
  name: string;
  description: string;
  quarter: number;
}

export interface TaskRow {
  id: number;
  goal_id: number;
  slot: number;
  name: string;
  description: string;
  percentage: number;
}

export function toTask(row: TaskRow): Task {
  return {
    task_id: row.id,
    task_goal_id: row.goal_id,
    slot: row.slot,
    kind: goalRoutes.ACTIVITY_KINDS[row.slot] ?? 'alone',
    name: row.name,
    description: row.description,
    task_percentage: row.percentage,
    task_complete: String(row.percentage),
    placeholder: false,
  };
}

/** A goal as the calls return it: exactly four tasks (placeholders fill gaps) and its reached/empty state. */
export function toGoal(row: GoalRow, taskRows: readonly TaskRow[], nextPlaceholderId?: { value: number }): Goal {
  const tasks = withPlaceholderTasks(
    row.id,
    taskRows.filter((t) => t.goal_id === row.id && t.slot >= 0 && t.slot < TASKS_PER_GOAL).map(toTask),
    nextPlaceholderId,
  );
  return {
    goal_id: row.id,
    slot: row.slot,
    name: row.name,
    description: row.description,
    quarter: goalRoutes.quarterLabel(row.quarter),
    goal_quarter: row.quarter,
    tasks,
    reached: isGoalReached(tasks),
    empty: isGoalEmpty(tasks),
  };
}
