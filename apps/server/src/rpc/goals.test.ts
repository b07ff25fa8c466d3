import type { goalRoutes, homeRoutes } from '@portal/shared';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';

type Goal = goalRoutes.Goal;
type Task = goalRoutes.Task;

const GOAL_CALLS = [
  'goals',
  'goal_tasks',
  'add_goal',
  'add_task',
  'set_goal_name',
  'set_goal_quarter',
  'set_task_percentage',
  'set_task_description',
  'set_goals_intro_seen',
];

async function userId(env: TestEnv, login: string): Promise<number> {
  const row = await env.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  return row.id;
}

/** Every goal and task row of a user, to prove a refused call changed nothing. */
async function snapshot(env: TestEnv, id: number) {
  const goals = await env.db.selectFrom('goals').selectAll().where('user_id', '=', id).orderBy('id').execute();
  const tasks = await env.db
    .selectFrom('tasks')
    .innerJoin('goals', 'goals.id', 'tasks.goal_id')
    .selectAll('tasks')
    .where('goals.user_id', '=', id)
    .orderBy('tasks.id')
    .execute();
  return { goals, tasks };
}

/** The home page's count of the person's goals not reached yet. */
async function unreachedGoals(env: TestEnv, token: string): Promise<number> {
  const res = await env.call('home_counts', {}, token);
  return (res.body.result as homeRoutes.HomeCounts).unreached_goals;
}

async function loadGoals(env: TestEnv, token: string): Promise<Goal[]> {
  const res = await env.call('goals', {}, token);
  expect(res.status).toBe(200);
  return res.body.result as Goal[];
}

describeEachDatabase('goals', (env) => {
  it('answers not active to every goals call without a session', async () => {
    for (const name of GOAL_CALLS) {
      const res = await env().call(name, { goal_id: 1, task_id: 1, goalId: 1 });
      expect([name, res.status, res.body.error]).toEqual([name, 401, 'not active']);
    }
  });

  it('creates three empty goals with four empty tasks each, named in the user language, once', async () => {
    const token = await env().login('jk1234');
    const first = await loadGoals(env(), token);
    expect(first).toHaveLength(3);
    expect(first.map((g) => [g.slot, g.name, g.quarter, g.goal_quarter, g.reached, g.empty])).toEqual([
      [0, '1 tikslas', '1st quarter', 1, false, true],
      [1, '2 tikslas', '1st quarter', 1, false, true],
      [2, '3 tikslas', '1st quarter', 1, false, true],
    ]);
    for (const goal of first) {
      expect(
        goal.tasks.map((t) => [
          t.slot,
          t.name,
          t.kind,
          t.task_percentage,
          t.task_complete,
          t.description,
          t.placeholder,
        ]),
      ).toEqual([
        [0, 'Task 0', 'alone', 0, '0', '', false],
        [1, 'Task 1', 'colleagues', 0, '0', '', false],
        [2, 'Task 2', 'doing', 0, '0', '', false],
        [3, 'Task 3', 'courses', 0, '0', '', false],
      ]);
      expect(goal.tasks.every((t) => t.task_goal_id === goal.goal_id && t.task_id < 9999)).toBe(true);
    }
    const again = await loadGoals(env(), token);
    expect(again).toEqual(first);
    const rows = await snapshot(env(), await userId(env(), 'jk1234'));
    expect([rows.goals.length, rows.tasks.length]).toEqual([3, 12]);
  });

  it('creates the goals exactly once when several first calls race', async () => {
    const tokens = await Promise.all([env().login('mt1234'), env().login('mt1234')]);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => env().call('goals', {}, tokens[i % 2])));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids = responses.map((r) =>
      (r.body.result as Goal[]).flatMap((g) => [g.goal_id, ...g.tasks.map((t) => t.task_id)]),
    );
    for (const list of ids) expect(list).toEqual(ids[0]);
    const rows = await snapshot(env(), await userId(env(), 'mt1234'));
    expect([rows.goals.length, rows.tasks.length]).toEqual([3, 12]);
    expect((responses[0]!.body.result as Goal[]).map((g) => g.name)).toEqual([
      '1. eesmärk',
      '2. eesmärk',
      '3. eesmärk',
    ]);
  });

  it('answers invalid input with the failing field for every call', async () => {
    const token = await env().login('ab1234');
    const cases: [string, Record<string, unknown>, string][] = [
      ['goal_tasks', {}, 'goalId'],
      ['goal_tasks', { goalId: 'abc' }, 'goalId'],
      ['goal_tasks', { goalId: 0 }, 'goalId'],
      ['add_goal', {}, 'name'],
      ['add_goal', { name: 'x', quarter: 5 }, 'quarter'],
      ['add_task', { name: 'Task 0' }, 'goal_id'],
      ['add_task', { goal_id: 1, name: 'Task 4' }, 'name'],
      ['set_goal_name', { goal_name: 'x' }, 'goal_id'],
      ['set_goal_name', { goal_id: 1 }, 'goal_name'],
      ['set_goal_name', { goal_id: 1, goal_name: ' \n\r\n ' }, 'goal_name'],
      ['set_goal_name', { goal_id: 1, goal_name: 'x'.repeat(121) }, 'goal_name'],
      ['set_goal_name', { goal_id: '0x1', goal_name: 'x' }, 'goal_id'],
      ['set_goal_name', { goal_id: true, goal_name: 'x' }, 'goal_id'],
      ['set_goal_quarter', { goal_id: 1 }, 'quarter_id'],
      ['set_goal_quarter', { goal_id: 1, quarter_id: 0 }, 'quarter_id'],
      ['set_goal_quarter', { goal_id: 1, quarter_id: 5 }, 'quarter_id'],
      ['set_goal_quarter', { quarter_id: 2 }, 'goal_id'],
      ['set_task_percentage', { task_percentage: 50 }, 'task_id'],
      ['set_task_percentage', { task_id: 1, task_percentage: 101 }, 'task_percentage'],
      ['set_task_percentage', { task_id: 1, task_percentage: -1 }, 'task_percentage'],
      ['set_task_percentage', { task_id: 1, task_percentage: 12.5 }, 'task_percentage'],
      ['set_task_description', { task_description: 'x' }, 'task_id'],
      ['set_task_description', { task_id: 1 }, 'task_description'],
      ['set_task_description', { task_id: 1, task_description: 'x'.repeat(2001) }, 'task_description'],
    ];
    for (const [name, input, field] of cases) {
      const res = await env().call(name, input, token);
      expect([name, input, res.status, res.body.error, res.body.message]).toEqual([
        name,
        input,
        400,
        'invalid input',
        'The request is not valid.',
      ]);
      expect(Object.keys(res.body.fields ?? {}), `${name} ${JSON.stringify(input)}`).toContain(field);
    }
    const empty = await env().call('set_goal_name', { goal_id: 1, goal_name: '\n' }, token);
    expect(empty.body.fields?.goal_name).toBe('The goal needs a name.');
  });

  it("refuses another user's goal and task ids with forbidden and changes nothing", async () => {
    const anna = await env().login('ab1234');
    const annaGoals = await loadGoals(env(), anna);
    const goal = annaGoals[0]!;
    const task = goal.tasks[0]!;
    const before = await snapshot(env(), await userId(env(), 'ab1234'));

    // A learner from another store and a store admin of Anna's own store: goals are personal.
    for (const intruder of [await env().login('kz1234'), await env().login('lo1234', 'demo-pass')]) {
      const attempts: [string, Record<string, unknown>][] = [
        ['goal_tasks', { goalId: goal.goal_id }],
        ['add_task', { goal_id: goal.goal_id, name: 'Task 0' }],
        ['set_goal_name', { goal_id: goal.goal_id, goal_name: 'Hacked' }],
        ['set_goal_quarter', { goal_id: goal.goal_id, quarter_id: 4 }],
        ['set_task_percentage', { task_id: task.task_id, task_percentage: 100 }],
        ['set_task_description', { task_id: task.task_id, task_description: 'Hacked' }],
      ];
      for (const [name, input] of attempts) {
        const res = await env().call(name, input, intruder);
        expect([name, res.status, res.body.error]).toEqual([name, 403, 'forbidden']);
      }
      const intruderGoals = await loadGoals(env(), intruder);
      expect(intruderGoals.map((g) => g.goal_id)).not.toContain(goal.goal_id);
    }
    // Sending Anna's userId beside someone else's session does not make the caller Anna.
    const karlis = await env().login('kz1234');
    const asAnna = await env().call(
      'set_goal_name',
      { userId: await userId(env(), 'ab1234'), goal_id: goal.goal_id, goal_name: 'x' },
      karlis,
    );
    expect(asAnna.status).toBe(403);

    expect(await snapshot(env(), await userId(env(), 'ab1234'))).toEqual(before);

    const missing = await env().call('set_task_percentage', { task_id: 2_000_000, task_percentage: 10 }, anna);
    expect([missing.status, missing.body.error]).toEqual([404, 'not found']);
    const missingGoal = await env().call('goal_tasks', { goalId: 2_000_000 }, anna);
    expect([missingGoal.status, missingGoal.body.error]).toEqual([404, 'not found']);
  });

  it('renames (line breaks stripped), sets the quarter and task progress, reaches a goal and counts unreached goals', async () => {
    const token = await env().login('peteris.kalnins', 'demo-pass');
    expect(await unreachedGoals(env(), token)).toBe(3);
    const [goal, other] = await loadGoals(env(), token);

    const renamed = await env().call(
      'set_goal_name',
      { goal_id: goal!.goal_id, goal_name: 'Learn\r\nExcel pivot tables\n' },
      token,
    );
    expect(renamed.status).toBe(200);
    expect((renamed.body.result as Goal).name).toBe('Learn Excel pivot tables');

    const quarter = await env().call('set_goal_quarter', { goal_id: goal!.goal_id, quarter_id: 3 }, token);
    expect(quarter.body.result as Goal).toMatchObject({ goal_quarter: 3, quarter: '3rd quarter' });

    const described = await env().call(
      'set_task_description',
      { task_id: goal!.tasks[1]!.task_id, task_description: 'Ask Inga to show me\nher report' },
      token,
    );
    expect((described.body.result as Task).description).toBe('Ask Inga to show me\nher report');

    for (const [i, task] of goal!.tasks.entries()) {
      const res = await env().call('set_task_percentage', { task_id: task.task_id, task_percentage: 100 }, token);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ task_id: task.task_id, task_percentage: 100, task_complete: '100' });
      expect(await unreachedGoals(env(), token)).toBe(i === 3 ? 2 : 3);
    }
    await env().call('set_task_percentage', { task_id: other!.tasks[0]!.task_id, task_percentage: 100 }, token);
    await env().call('set_task_percentage', { task_id: other!.tasks[1]!.task_id, task_percentage: 60 }, token);

    const after = await loadGoals(env(), token);
    expect(after[0]).toMatchObject({ name: 'Learn Excel pivot tables', goal_quarter: 3, reached: true, empty: false });
    expect(after[1]).toMatchObject({ reached: false, empty: false });
    expect(after[2]).toMatchObject({ reached: false, empty: true });
    expect(await unreachedGoals(env(), token)).toBe(2);

    const tasks = await env().call('goal_tasks', { goalId: goal!.goal_id }, token);
    expect((tasks.body.result as Task[]).map((t) => t.task_percentage)).toEqual([100, 100, 100, 100]);

    await env().call('set_task_percentage', { task_id: goal!.tasks[2]!.task_id, task_percentage: 90 }, token);
    expect(await unreachedGoals(env(), token)).toBe(3);
  });

  it('adds goals up to three and fills a missing task slot with add_task', async () => {
    const token = await env().login('inga.vitola', 'demo-pass');
    const id = await userId(env(), 'inga.vitola');
    const added = await env().call(
      'add_goal',
      { name: 'Lead\nbetter meetings', description: 'Shorter, clearer', quarter: '2nd quarter' },
      token,
    );
    expect(added.status).toBe(200);
    const goal = added.body.result as Goal;
    expect(goal).toMatchObject({
      slot: 0,
      name: 'Lead better meetings',
      description: 'Shorter, clearer',
      goal_quarter: 2,
    });
    expect(goal.tasks.map((t) => [t.name, t.placeholder])).toEqual([
      ['Task 0', false],
      ['Task 1', false],
      ['Task 2', false],
      ['Task 3', false],
    ]);

    // The first goals call completes the set to three goals and keeps the one she added.
    const all = await loadGoals(env(), token);
    expect(all.map((g) => g.slot)).toEqual([0, 1, 2]);
    expect(all[0]!.goal_id).toBe(goal.goal_id);
    const full = await env().call('add_goal', { name: 'Fourth' }, token);
    expect([full.status, full.body.error]).toEqual([409, 'conflict']);

    // A goal that lost a task shows a placeholder with an id from 9999 until add_task fills the slot.
    await env().db.deleteFrom('tasks').where('goal_id', '=', goal.goal_id).where('slot', '=', 2).execute();
    const gap = (await env().call('goal_tasks', { goalId: goal.goal_id }, token)).body.result as Task[];
    expect(gap.map((t) => [t.slot, t.placeholder])).toEqual([
      [0, false],
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(gap[2]!.task_id).toBe(9999);
    expect(await unreachedGoals(env(), token)).toBe(3);

    const taken = await env().call('add_task', { goal_id: goal.goal_id, name: 'Task 1' }, token);
    expect([taken.status, taken.body.error]).toEqual([409, 'conflict']);
    const filled = await env().call(
      'add_task',
      { goal_id: goal.goal_id, name: 'Task 2', description: 'Run one meeting with an agenda' },
      token,
    );
    expect(filled.status).toBe(200);
    expect(filled.body.result).toMatchObject({
      slot: 2,
      name: 'Task 2',
      kind: 'doing',
      placeholder: false,
      description: 'Run one meeting with an agenda',
    });
    const rows = await snapshot(env(), id);
    expect([rows.goals.length, rows.tasks.length]).toEqual([3, 12]);
  });

  it('answers the goals as stored now after a change made elsewhere (another server process, a script)', async () => {
    const token = await env().login('training.manager', 'demo-pass');
    const [goal] = await loadGoals(env(), token);
    await env().db.updateTable('goals').set({ name: 'Renamed elsewhere' }).where('id', '=', goal!.goal_id).execute();
    expect((await loadGoals(env(), token))[0]!.name).toBe('Renamed elsewhere');
    await env().db.updateTable('tasks').set({ percentage: 40 }).where('id', '=', goal!.tasks[3]!.task_id).execute();
    const [again] = await loadGoals(env(), token);
    expect(again).toMatchObject({ name: 'Renamed elsewhere', empty: false });
    expect(again!.tasks[3]).toMatchObject({ task_percentage: 40, task_complete: '40' });
  });

  it('records the goals introduction once per user, even when two tabs race', async () => {
    const token = await env().login('roberts.liepa', 'demo-pass');
    const results = await Promise.all([1, 2, 3].map(() => env().call('set_goals_intro_seen', {}, token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => (r.body.result as goalRoutes.GoalsIntroResult).first_visit).sort()).toEqual([
      false,
      false,
      true,
    ]);
    const later = await env().call('set_goals_intro_seen', {}, await env().login('roberts.liepa', 'demo-pass'));
    expect(later.body.result).toEqual({ first_visit: false });
    const row = await env()
      .db.selectFrom('users')
      .select('goals_intro_seen')
      .where('login', '=', 'roberts.liepa')
      .executeTakeFirstOrThrow();
    expect(row.goals_intro_seen).toBe(1);
  });
});
