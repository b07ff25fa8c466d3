import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';

describeEachDatabase('home counts', (env) => {
  it('needs a session', async () => {
    expect((await env().call('home_counts', {})).body.error).toBe('not active');
  });

  it('ignores unknown parameters', async () => {
    const token = await env().login('ab1234');
    const res = await env().call('home_counts', { extra: 'x' }, token);
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveProperty('unreached_goals');
  });

  it("counts Anna's unreached goals and due mandatory courses (never done or expired)", async () => {
    const token = await env().login('ab1234');
    const res = await env().call('home_counts', {}, token);
    expect(res.status).toBe(200);
    // Demo data: welcome and safe-work never done, data-protection expired; food-hygiene expires soon
    // (still valid) and cash-handling is complete. No goals yet: all three are unreached.
    expect(res.body.result).toMatchObject({ unreached_goals: 3, due_mandatory: 3 });
  });

  it('drops the course count when a due course is completed', async () => {
    const token = await env().login('ab1234');
    const before = (await env().call('home_counts', {}, token)).body.result as { due_mandatory: number };
    await env().call('launch_course', { course_alias: 'welcome' }, token);
    const done = await env().call('set_course_complete', { course_alias: 'welcome', complete: true }, token);
    expect(done.status).toBe(200);
    const after = (await env().call('home_counts', {}, token)).body.result as { due_mandatory: number };
    expect(after.due_mandatory).toBe(before.due_mandatory - 1);
  });

  it("counts the bundles of the person's position for the menu, none without bundles or a position", async () => {
    const counts = async (login: string, password?: string) =>
      (await env().call('home_counts', {}, await env().login(login, password))).body.result;
    expect(await counts('kz1234')).toMatchObject({ cma_bundles: 3, instruction_bundles: 2 });
    expect(await counts('peteris.kalnins', 'demo-pass')).toMatchObject({ cma_bundles: 0, instruction_bundles: 0 });
    await env().db.updateTable('users').set({ position_id: null }).where('login', '=', 'kz1234').execute();
    expect(await counts('kz1234')).toMatchObject({ cma_bundles: 0, instruction_bundles: 0 });
  });
});
