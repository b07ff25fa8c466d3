import { GOALS_PER_USER, PLACEHOLDER_TASK_ID_START, TASKS_PER_GOAL, type goalRoutes } from '@portal/shared';
import type { Db } from './connect.js';
import {
  defaultGoalName,
  GOAL_SLOTS,
  TASK_SLOTS,
  taskName,
  toGoal,
  toTask,
  type GoalRow,
  type TaskRow,
} from '../domain/goals.js';

const goalColumns = ['goals.id', 'goals.slot', 'goals.name', 'goals.description', 'goals.quarter'] as const;
const taskColumns = [
  'tasks.id',
  'tasks.goal_id',
  'tasks.slot',
  'tasks.name',
  'tasks.description',
  'tasks.percentage',
] as const;

interface StoredGoals {
  goals: GoalRow[];
  tasks: TaskRow[];
}

/** The user's goals and tasks as stored, in slot order. */
async function readGoals(db: Db, userId: number): Promise<StoredGoals> {
  const [goals, tasks] = await Promise.all([
    db.selectFrom('goals').select(goalColumns).where('goals.user_id', '=', userId).orderBy('goals.slot').execute(),
    db
      .selectFrom('tasks')
      .innerJoin('goals', 'goals.id', 'tasks.goal_id')
      .select(taskColumns)
      .where('goals.user_id', '=', userId)
      .orderBy('tasks.slot')
      .execute(),
  ]);
  return { goals, tasks };
}

/** All three goals are there, each with its four tasks. */
const hasAllGoals = ({ goals, tasks }: StoredGoals): boolean =>
  goals.length >= GOALS_PER_USER && tasks.length >= GOALS_PER_USER * TASKS_PER_GOAL;

/**
 * The user's three goals with four tasks each, in slot order. Whatever is missing is created first (in a
 * transaction, `ensureDefaultGoals`), so that every goal and task has an id the page can change.
 */
export async function listGoals(db: Db, userId: number, language: string): Promise<goalRoutes.Goal[]> {
  let stored = await readGoals(db, userId);
  if (!hasAllGoals(stored)) {
    await db.transaction().execute((trx) => ensureDefaultGoals(trx, userId, language));
    stored = await readGoals(db, userId);
  }
  const nextPlaceholderId = { value: PLACEHOLDER_TASK_ID_START };
  return stored.goals.map((goal) => toGoal(goal, stored.tasks, nextPlaceholderId));
}

/**
 * Creates whatever is missing of the user's three goals and their four tasks each: empty goals named in the
 * user's language, empty tasks 'Task 0' to 'Task 3'. Run it inside a transaction. The unique keys
 * (user_id, slot) and (goal_id, slot) with ON CONFLICT DO NOTHING make concurrent calls create each row once.
 */
async function ensureDefaultGoals(db: Db, userId: number, language: string, now = new Date()): Promise<void> {
  await db
    .insertInto('goals')
    .values(
      GOAL_SLOTS.map((slot) => ({
        user_id: userId,
        slot,
        name: defaultGoalName(language, slot),
        description: '',
        quarter: 1,
        created_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'slot']).doNothing())
    .execute();
  const goals = await db.selectFrom('goals').select('id').where('user_id', '=', userId).execute();
  await db
    .insertInto('tasks')
    .values(
      goals.flatMap((goal) =>
        TASK_SLOTS.map((slot) => ({ goal_id: goal.id, slot, name: taskName(slot), description: '', percentage: 0 })),
      ),
    )
    .onConflict((oc) => oc.columns(['goal_id', 'slot']).doNothing())
    .execute();
}

/** The caller's goal, or undefined when it does not exist or belongs to someone else. */
export async function findOwnGoal(db: Db, userId: number, goalId: number): Promise<goalRoutes.Goal | undefined> {
  const goal = await db
    .selectFrom('goals')
    .select(goalColumns)
    .where('id', '=', goalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!goal) return undefined;
  const tasks = await db
    .selectFrom('tasks')
    .select(taskColumns)
    .where('goal_id', '=', goalId)
    .orderBy('slot')
    .execute();
  return toGoal(goal, tasks);
}

export async function goalExists(db: Db, goalId: number): Promise<boolean> {
  return (await db.selectFrom('goals').select('id').where('id', '=', goalId).executeTakeFirst()) !== undefined;
}

export async function taskExists(db: Db, taskId: number): Promise<boolean> {
  return (await db.selectFrom('tasks').select('id').where('id', '=', taskId).executeTakeFirst()) !== undefined;
}

/** The caller's task, or undefined when it does not exist or belongs to someone else's goal. */
export async function findOwnTask(db: Db, userId: number, taskId: number): Promise<goalRoutes.Task | undefined> {
  const row = await db
    .selectFrom('tasks')
    .innerJoin('goals', 'goals.id', 'tasks.goal_id')
    .select(taskColumns)
    .where('tasks.id', '=', taskId)
    .where('goals.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toTask(row) : undefined;
}

/** Slots 0 to 2 the user has no goal in yet. */
export async function freeGoalSlots(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('goals').select('slot').where('user_id', '=', userId).execute();
  const taken = new Set(rows.map((g) => g.slot));
  return GOAL_SLOTS.filter((slot) => !taken.has(slot));
}

/** Inserts a goal with its four empty tasks; returns its id, or undefined when the slot was taken meanwhile. */
export async function insertGoal(
  db: Db,
  userId: number,
  goal: { slot: number; name: string; description: string; quarter: number },
  now = new Date(),
): Promise<number | undefined> {
  const row = await db
    .insertInto('goals')
    .values({ user_id: userId, ...goal, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'slot']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .insertInto('tasks')
    .values(TASK_SLOTS.map((slot) => ({ goal_id: row.id, slot, name: taskName(slot), description: '', percentage: 0 })))
    .execute();
  return row.id;
}

/** Inserts a task into a free slot of a goal; returns it, or undefined when the slot is taken. */
export async function insertTask(
  db: Db,
  task: { goal_id: number; slot: number; description: string },
): Promise<goalRoutes.Task | undefined> {
  const row = await db
    .insertInto('tasks')
    .values({ ...task, name: taskName(task.slot), percentage: 0 })
    .onConflict((oc) => oc.columns(['goal_id', 'slot']).doNothing())
    .returning(['id', 'goal_id', 'slot', 'name', 'description', 'percentage'])
    .executeTakeFirst();
  return row ? toTask(row) : undefined;
}

/** Updates one of the user's goals; false when it is not theirs (nothing changes then). */
export async function updateOwnGoal(
  db: Db,
  userId: number,
  goalId: number,
  changes: { name?: string; quarter?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('goals')
    .set(changes)
    .where('id', '=', goalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Updates one of the user's tasks; false when it is not theirs (nothing changes then). */
export async function updateOwnTask(
  db: Db,
  userId: number,
  taskId: number,
  changes: { percentage?: number; description?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set(changes)
    .where('id', '=', taskId)
    .where('goal_id', 'in', (eb) => eb.selectFrom('goals').select('goals.id').where('goals.user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many of the user's three goals are not reached (all four tasks at 100); goals not created yet count. */
export async function countUnreachedGoals(db: Db, userId: number): Promise<number> {
  const reached = await db
    .selectFrom('goals')
    .innerJoin('tasks', 'tasks.goal_id', 'goals.id')
    .select('goals.id')
    .where('goals.user_id', '=', userId)
    .where('tasks.slot', '>=', 0)
    .where('tasks.slot', '<', TASKS_PER_GOAL)
    .groupBy('goals.id')
    .having((eb) => eb.fn.count('tasks.id'), '=', TASKS_PER_GOAL)
    .having((eb) => eb.fn.min('tasks.percentage'), '>=', 100)
    .execute();
  return Math.max(0, GOALS_PER_USER - reached.length);
}

/** Marks the goals introduction seen; true only for the call that changed it (the first visit). */
export async function markGoalsIntroSeen(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ goals_intro_seen: 1 })
    .where('id', '=', userId)
    .where('goals_intro_seen', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
