import { describe, expect, it } from 'vitest';
import {
  countUnreached,
  defaultGoalName,
  isGoalEmpty,
  isGoalReached,
  isTaskComplete,
  slotOfTaskName,
  stripLineBreaks,
  taskName,
  toGoal,
  withPlaceholderTasks,
  type TaskRow,
} from './goals.js';

const goalRow = { id: 7, slot: 0, name: 'Learn the till', description: '', quarter: 2 };
const tasks = (percentages: number[], descriptions: string[] = []): TaskRow[] =>
  percentages.map((percentage, slot) => ({
    id: 100 + slot,
    goal_id: 7,
    slot,
    name: taskName(slot),
    description: descriptions[slot] ?? '',
    percentage,
  }));

describe('goal rules', () => {
  it('counts a task complete only at 100', () => {
    expect(isTaskComplete({ task_percentage: 99 })).toBe(false);
    expect(isTaskComplete({ task_percentage: 100 })).toBe(true);
    expect(isTaskComplete({ task_percentage: 0 })).toBe(false);
  });

  it('reaches a goal only when all four tasks are at 100', () => {
    expect(toGoal(goalRow, tasks([100, 100, 100, 100])).reached).toBe(true);
    expect(toGoal(goalRow, tasks([100, 100, 100, 99])).reached).toBe(false);
    expect(toGoal(goalRow, tasks([100, 100, 100])).reached).toBe(false);
    expect(isGoalReached([])).toBe(false);
  });

  it('calls a goal empty when its four tasks are at 0 with no description', () => {
    expect(toGoal(goalRow, tasks([0, 0, 0, 0])).empty).toBe(true);
    expect(toGoal(goalRow, tasks([0, 0, 0, 0], ['', '', ' ', ''])).empty).toBe(true);
    expect(toGoal(goalRow, tasks([0, 0, 0, 0], ['', 'read the manual'])).empty).toBe(false);
    expect(toGoal(goalRow, tasks([0, 25, 0, 0])).empty).toBe(false);
    expect(isGoalEmpty(toGoal(goalRow, []).tasks)).toBe(true);
  });

  it('fills missing tasks with placeholders whose ids count up from 9999 across goals', () => {
    const counter = { value: 9999 };
    const first = toGoal(
      goalRow,
      tasks([50, 0, 0, 0]).filter((t) => t.slot !== 1 && t.slot !== 3),
      counter,
    );
    expect(first.tasks.map((t) => [t.slot, t.task_id, t.placeholder])).toEqual([
      [0, 100, false],
      [1, 9999, true],
      [2, 102, false],
      [3, 10000, true],
    ]);
    expect(first.tasks[1]).toMatchObject({ name: 'Task 1', kind: 'colleagues', task_goal_id: 7, task_complete: '0' });
    const second = toGoal({ ...goalRow, id: 8, slot: 1 }, [], counter);
    expect(second.tasks.map((t) => t.task_id)).toEqual([10001, 10002, 10003, 10004]);
    expect(withPlaceholderTasks(9, []).map((t) => t.task_id)).toEqual([9999, 10000, 10001, 10002]);
  });

  it('keeps exactly four tasks in slot order and ignores stray slots', () => {
    const rows = [...tasks([10, 20, 30, 40]).reverse(), { ...tasks([5])[0]!, id: 999, slot: 4 }];
    const goal = toGoal(goalRow, rows);
    expect(goal.tasks.map((t) => t.task_percentage)).toEqual([10, 20, 30, 40]);
    expect(goal.tasks.map((t) => t.kind)).toEqual(['alone', 'colleagues', 'doing', 'courses']);
    expect(goal).toMatchObject({ quarter: '2nd quarter', goal_quarter: 2 });
  });

  it('counts unreached goals out of three, missing goals included', () => {
    expect(countUnreached([])).toBe(3);
    expect(countUnreached([{ reached: true }, { reached: false }, { reached: false }])).toBe(2);
    expect(countUnreached([{ reached: true }, { reached: true }, { reached: true }])).toBe(0);
  });

  it('strips line breaks from goal names', () => {
    expect(stripLineBreaks('Learn\nExcel')).toBe('Learn Excel');
    expect(stripLineBreaks('  Learn \r\n\r\n Excel\u2028well \n')).toBe('Learn Excel well');
    expect(stripLineBreaks('Keep  two spaces')).toBe('Keep  two spaces');
  });

  it('names new goals in the user language and tasks Task 0 to Task 3', () => {
    expect(defaultGoalName('lv', 0)).toBe('1. mērķis');
    expect(defaultGoalName('lt', 1)).toBe('2 tikslas');
    expect(defaultGoalName('ee', 2)).toBe('3. eesmärk');
    expect(defaultGoalName('en', 0)).toBe('Goal 1');
    expect(defaultGoalName('xx', 0)).toBe('Goal 1');
    expect([0, 1, 2, 3].map(taskName)).toEqual(['Task 0', 'Task 1', 'Task 2', 'Task 3']);
    expect(slotOfTaskName('Task 3')).toBe(3);
  });
});
