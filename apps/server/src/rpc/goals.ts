import { goalRoutes } from '@portal/shared';
import {
  findOwnGoal,
  findOwnTask,
  freeGoalSlots,
  goalExists,
  insertGoal,
  insertTask,
  listGoals,
  markGoalsIntroSeen,
  taskExists,
  updateOwnGoal,
  updateOwnTask,
} from '../db/goals.js';
import type { Db } from '../db/connect.js';
import { slotOfTaskName } from '../domain/goals.js';
import { conflict, forbidden, notFound } from './errors.js';
import { route, type RouteDef } from './registry.js';

/** Someone else's goal is forbidden; an id that does not exist is not found. */
async function refuseGoal(db: Db, goalId: number): Promise<never> {
  throw (await goalExists(db, goalId)) ? forbidden('That goal is not yours.') : notFound('No such goal.');
}

async function refuseTask(db: Db, taskId: number): Promise<never> {
  throw (await taskExists(db, taskId)) ? forbidden('That task is not yours.') : notFound('No such task.');
}

async function ownGoal(db: Db, userId: number, goalId: number): Promise<goalRoutes.Goal> {
  return (await findOwnGoal(db, userId, goalId)) ?? refuseGoal(db, goalId);
}

export const goals = route(goalRoutes.goals, {
  allow: 'own',
  async handler({ actor: user, db }) {
    return listGoals(db, user.id, user.language);
  },
});

export const goalTasks = route(goalRoutes.goalTasks, {
  allow: 'own',
  async handler({ input, actor, db }) {
    return (await ownGoal(db, actor.id, input.goalId)).tasks;
  },
});

export const addGoal = route(goalRoutes.addGoal, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: user, db }) {
    const [slot] = await freeGoalSlots(db, user.id);
    if (slot === undefined) throw conflict('You already have three goals.');
    const id = await insertGoal(db, user.id, { slot, ...input });
    if (id === undefined) throw conflict('That goal was just added. Please reload.');
    return ownGoal(db, user.id, id);
  },
});

export const addTask = route(goalRoutes.addTask, {
  allow: 'own',
  writes: true,
  async handler({ input, actor, db }) {
    const goal = await ownGoal(db, actor.id, input.goal_id);
    const slot = slotOfTaskName(input.name);
    const task = await insertTask(db, { goal_id: goal.goal_id, slot, description: input.description });
    if (!task) throw conflict(`The goal already has ${input.name}.`);
    return task;
  },
});

export const setGoalName = route(goalRoutes.setGoalName, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: user, db }) {
    if (!(await updateOwnGoal(db, user.id, input.goal_id, { name: input.goal_name })))
      await refuseGoal(db, input.goal_id);
    return ownGoal(db, user.id, input.goal_id);
  },
});

export const setGoalQuarter = route(goalRoutes.setGoalQuarter, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: user, db }) {
    if (!(await updateOwnGoal(db, user.id, input.goal_id, { quarter: input.quarter_id })))
      await refuseGoal(db, input.goal_id);
    return ownGoal(db, user.id, input.goal_id);
  },
});

export const setTaskPercentage = route(goalRoutes.setTaskPercentage, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: user, db }) {
    if (!(await updateOwnTask(db, user.id, input.task_id, { percentage: input.task_percentage }))) {
      await refuseTask(db, input.task_id);
    }
    return (await findOwnTask(db, user.id, input.task_id)) ?? refuseTask(db, input.task_id);
  },
});

export const setTaskDescription = route(goalRoutes.setTaskDescription, {
  allow: 'own',
  writes: true,
  async handler({ input, actor: user, db }) {
    if (!(await updateOwnTask(db, user.id, input.task_id, { description: input.task_description }))) {
      await refuseTask(db, input.task_id);
    }
    return (await findOwnTask(db, user.id, input.task_id)) ?? refuseTask(db, input.task_id);
  },
});

export const setGoalsIntroSeen = route(goalRoutes.setGoalsIntroSeen, {
  allow: 'own',
  writes: true,
  async handler({ actor, db }) {
    return { first_visit: await markGoalsIntroSeen(db, actor.id) };
  },
});

/** Calls of the goals area. */
export const goalsApi: RouteDef[] = [
  goals,
  goalTasks,
  addGoal,
  addTask,
  setGoalName,
  setGoalQuarter,
  setTaskPercentage,
  setTaskDescription,
  setGoalsIntroSeen,
];
