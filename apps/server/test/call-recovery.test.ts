import { afterEach, describe, expect, it } from 'vitest';
import { CallJob } from '../src/modules/calls/engine.ts';
import { body, createTestApp, loginAs, type TestContext } from './helpers.ts';

/**
 * What a crash can leave behind in a phone consult, and how the server picks it up again
 * (the SIGKILL test in tests/crash drives the real process; these pin the recovery steps).
 */

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function acceptedOrder(t: TestContext) {
  const { token } = await loginAs(t.app, '13500135001');
  const lawyer = await t.db.db.selectFrom('lawyers').select(['id', 'skill_field']).orderBy('id').execute();
  const field2 = lawyer.find((l) => l.skill_field.split(',')[0] === '2');
  if (!field2) throw new Error('no field-2 lawyer');
  await t.app.calls.engine.setPresence(field2.id, 'online');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/order/createCallOrder',
    headers: { token },
    payload: { consultField: '2', userRemark: '公司拖欠工资三个月怎么办？' },
  });
  const orderId = body<{ orderId: string }>(res).data.orderId;
  await t.app.calls.engine.accept(field2.id, orderId);
  return { orderId, lawyerId: field2.id };
}

async function state(t: TestContext, orderId: string) {
  const row = await t.db.db
    .selectFrom('call_orders')
    .select(['state', 'autopilot'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row;
}

describe('recovering a phone consult after a crash', () => {
  it("the autopilot's hang-up job finishes a call the autopilot accepted but never connected", async () => {
    const t = await createTestApp({ env: { SANDBOX_AUTOPILOT: '1' } });
    contexts.push(t);
    const { orderId, lawyerId } = await acceptedOrder(t);
    // The state a kill between accept and connect leaves: assigned, the hang-up job pending.
    await t.app.calls.jobs.enqueue(CallJob.autopilotHangup, t.clock.now, { orderId, lawyerId });
    await t.app.calls.jobs.runDueJobs();
    expect(await state(t, orderId)).toMatchObject({ state: 'payment_due', autopilot: 1 });
  });

  it('a hang-up job for a lawyer who did not get the order does nothing', async () => {
    const t = await createTestApp({ env: { SANDBOX_AUTOPILOT: '1' } });
    contexts.push(t);
    const { orderId, lawyerId } = await acceptedOrder(t);
    await t.app.calls.jobs.enqueue(CallJob.autopilotHangup, t.clock.now, { orderId, lawyerId: lawyerId + 1 });
    await t.app.calls.jobs.runDueJobs();
    expect(await state(t, orderId)).toMatchObject({ state: 'assigned', autopilot: 0 });
  });

  it('a lawyer left busy without a call is free again at start', async () => {
    const t = await createTestApp();
    contexts.push(t);
    const { orderId, lawyerId } = await acceptedOrder(t);
    expect(await t.app.calls.engine.presenceOf(lawyerId)).toBe('busy');
    // Still in a call: stays busy.
    expect(await t.app.calls.engine.releaseStrandedLawyers()).toBe(0);
    // The order ended but the reset was lost (a kill in between).
    await t.db.db.updateTable('call_orders').set({ state: 'closed' }).where('id', '=', orderId).execute();
    expect(await t.app.calls.engine.releaseStrandedLawyers()).toBe(1);
    expect(await t.app.calls.engine.presenceOf(lawyerId)).toBe('online');
  });
});
