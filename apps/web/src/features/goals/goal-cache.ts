import { goalRoutes } from '@portal/shared';
import type { QueryClient } from '@tanstack/react-query';

type Goal = goalRoutes.Goal;
type Task = goalRoutes.Task;

/** The query key of the caller's goals: `[route, input]`. */
export const GOALS_KEY = ['goals', {}] as const;

/** Puts a goal the server returned after a save into the cached list. */
export function storeGoal(client: QueryClient, goal: Goal): void {
  client.setQueryData<Goal[]>(GOALS_KEY, (goals) => goals?.map((g) => (g.goal_id === goal.goal_id ? goal : g)));
}

/** Puts a task the server returned after a save into its cached goal, and recomputes the goal's state. */
export function storeTask(client: QueryClient, task: Task): void {
  client.setQueryData<Goal[]>(GOALS_KEY, (goals) =>
    goals?.map((goal) => {
      if (goal.goal_id !== task.task_goal_id) return goal;
      const tasks = goal.tasks.map((t) => (t.task_id === task.task_id ? task : t));
      return { ...goal, tasks, reached: goalRoutes.isGoalReached(tasks), empty: goalRoutes.isGoalEmpty(tasks) };
    }),
  );
}
