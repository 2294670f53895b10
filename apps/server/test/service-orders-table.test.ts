import { randomUUID } from 'node:crypto';
import {
  FaceConsultSteps,
  LawsuitSteps,
  LawyerLetterSteps,
  type ServiceActor,
  ServiceOrderEvent,
  type ServiceOrderState,
  ServiceOrderTransitions,
  type ServiceStepTable,
  serviceActors,
  serviceKindTransition,
  serviceOrderEvents,
  serviceOrderStates,
  serviceStep,
} from '@lawline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { findServiceOrder, type ServiceOrderRow } from '../src/modules/services/repo.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { anyLawyer, create, formOf, type Kind, msg, type Person, person } from './service-orders-helpers.ts';

/**
 * The lifecycle table (contract ServiceOrderTransitions) and the kinds' step tables, applied by the
 * server: every (state, event, actor) of every kind is tried — allowed ones move the order exactly
 * as the table says (one guarded UPDATE, one timeline row), refused ones answer 409 and change
 * nothing. The person's own events go through their endpoints; the others through the applier.
 */

const KINDS: Kind[] = ['faceConsult', 'lawyerLetter', 'lawsuit'];

let t: TestContext;
let p: Person;
let lawyerId: number;
const orders = new Map<Kind, string>();

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: `/tmp/core-data/table-${randomUUID()}` } });
  p = await person(t);
  lawyerId = await anyLawyer(t);
  for (const kind of KINDS) orders.set(kind, (await create(p, kind, formOf(t, kind))).orderId);
});
afterAll(async () => {
  await t?.close();
});

async function row(orderId: string): Promise<ServiceOrderRow> {
  const r = await findServiceOrder(t.db.db, orderId);
  if (!r) throw new Error('order gone');
  return r;
}

/** Puts the order in `state` (and `stage`), with a lawyer once arranged, nothing paid. */
async function force(orderId: string, state: ServiceOrderState, stage: string | null = null) {
  const arranged = !['awaiting_payment', 'arranging'].includes(state);
  await t.db.db
    .updateTable('service_orders')
    .set({
      state,
      stage,
      lawyer_id: arranged ? lawyerId : null,
      paid_fen: 0,
      refund_fen: 0,
      quote_fen: state === 'quoted' ? 99_900 : null,
      entrust_signed_at: null,
    })
    .where('id', '=', orderId)
    .execute();
  await t.db.db.deleteFrom('evaluations').where('order_id', '=', orderId).execute();
  return row(orderId);
}

async function eventCount(orderId: string): Promise<number> {
  const r = await t.db.db
    .selectFrom('service_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Runs `work`; answers 'ok' or the refusal's HTTP status (anything else fails the test). */
async function attempt(work: () => Promise<unknown>): Promise<'ok' | number> {
  try {
    await work();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.httpStatus;
    throw err;
  }
}

describe('the lifecycle table, through the applier', () => {
  for (const kind of KINDS) {
    it(`${kind}: every event × state × actor moves as the table says, or is refused with 409 and no change`, async () => {
      const orderId = orders.get(kind) as string;
      const lc = t.app.services.lifecycle;
      const wrong: string[] = [];
      let allowed = 0;
      for (const state of serviceOrderStates) {
        for (const event of serviceOrderEvents) {
          for (const actor of serviceActors) {
            const before = await force(orderId, state);
            const events = await eventCount(orderId);
            const expected = serviceKindTransition(kind, state, event, actor);
            const patch = event === ServiceOrderEvent.accept ? { lawyer_id: lawyerId } : {};
            const outcome = await attempt(() =>
              lc.transaction((tx) => lc.applyEvent(tx, before, event, actor, { patch })),
            );
            const after = await row(orderId);
            const label = `${state} --${event}/${actor}-->`;
            if (expected.ok) {
              allowed += 1;
              if (outcome !== 'ok') wrong.push(`${label} refused (${outcome}), the table allows it`);
              else if (after.state !== expected.to || after.version !== before.version + 1)
                wrong.push(`${label} ${after.state} v${after.version}, expected ${expected.to}`);
              else if ((await eventCount(orderId)) !== events + 1) wrong.push(`${label} no timeline row`);
            } else {
              if (outcome !== 409) wrong.push(`${label} answered ${outcome}, expected 409`);
              if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${label} changed the order`);
              if ((await eventCount(orderId)) !== events) wrong.push(`${label} wrote a timeline row`);
            }
          }
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
      expect(allowed).toBeGreaterThan(10);
    });
  }

  it('covers every rule of the table in some kind', () => {
    for (const event of serviceOrderEvents) {
      const rule = ServiceOrderTransitions[event];
      const somewhere = KINDS.some((kind) =>
        rule.from.some((state) =>
          rule.actors.some((actor) => serviceKindTransition(kind, state, event, actor).ok),
        ),
      );
      // start / quote flows differ by kind; docCheck's own (no pay) comes with its issue.
      expect(somewhere, event).toBe(true);
    }
  });

  it('a move from a stale read is refused (guarded by state and version) and changes nothing', async () => {
    const orderId = orders.get('faceConsult') as string;
    const lc = t.app.services.lifecycle;
    const stale = await force(orderId, 'arranging');
    // Two lawyers accept from the same read: exactly one wins.
    const results = await Promise.all(
      [1, 2].map(() =>
        attempt(() =>
          lc.transaction((tx) =>
            lc.applyEvent(tx, stale, ServiceOrderEvent.accept, 'lawyer', { patch: { lawyer_id: lawyerId } }),
          ),
        ),
      ),
    );
    expect(results.sort()).toEqual([409, 'ok']);
    const moved = await row(orderId);
    expect(moved).toMatchObject({ state: 'arranged', version: stale.version + 1 });
    const outcome = await attempt(() =>
      lc.transaction((tx) => lc.applyEvent(tx, stale, ServiceOrderEvent.cancel, 'person')),
    );
    expect(outcome).toBe(409);
    expect(await row(orderId)).toEqual(moved);
  });
});

const StepTables: Record<Kind, ServiceStepTable<string, string>> = {
  faceConsult: FaceConsultSteps,
  lawyerLetter: LawyerLetterSteps,
  lawsuit: LawsuitSteps,
};

describe('the step tables, through the applier', () => {
  for (const kind of KINDS) {
    it(`${kind}: every step × state × stage × actor as the table says`, async () => {
      const orderId = orders.get(kind) as string;
      const lc = t.app.services.lifecycle;
      const table = StepTables[kind];
      const stages: Array<string | null> = [null, ...new Set(Object.values(table).map((r) => r.to))];
      const wrong: string[] = [];
      for (const step of Object.keys(table)) {
        for (const state of serviceOrderStates) {
          for (const stage of stages) {
            for (const actor of serviceActors as ServiceActor[]) {
              const before = await force(orderId, state, stage);
              const timesDone = await lc.timesDone(t.db.db, orderId, step);
              const expected = serviceStep(table, { state, stage, timesDone }, step, actor);
              const outcome = await attempt(() =>
                lc.transaction((tx) => lc.applyStep(tx, before, table, step, actor)),
              );
              const after = await row(orderId);
              const label = `${state}/${stage} --${step}/${actor}-->`;
              if (expected.ok) {
                if (outcome !== 'ok') wrong.push(`${label} refused (${outcome})`);
                else if (after.state !== expected.state || after.stage !== expected.stage)
                  wrong.push(
                    `${label} ${after.state}/${after.stage}, expected ${expected.state}/${expected.stage}`,
                  );
              } else {
                if (outcome !== 409) wrong.push(`${label} answered ${outcome}, expected 409`);
                if (JSON.stringify(after) !== JSON.stringify(before))
                  wrong.push(`${label} changed the order`);
              }
            }
          }
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });
  }
});

describe("the person's events, through their endpoints", () => {
  const Endpoint: Array<{
    event: ServiceOrderEvent;
    call: (orderId: string) => ReturnType<Person['api']['post']>;
  }> = [
    {
      event: ServiceOrderEvent.cancel,
      call: (orderId) => p.api.post('order/cancelServiceOrder', { orderId }),
    },
    {
      event: ServiceOrderEvent.confirm,
      call: (orderId) => p.api.post('order/serviceStep', { orderId, action: 'confirmDone' }),
    },
    {
      event: ServiceOrderEvent.declineQuote,
      call: (orderId) => p.api.post('order/serviceStep', { orderId, action: 'declineQuote' }),
    },
    {
      event: ServiceOrderEvent.evaluate,
      call: (orderId) => p.api.post('order/evaluateOrder', { orderId, stars: 5, tagIds: [1] }),
    },
  ];

  for (const kind of KINDS) {
    it(`${kind}: allowed in the states the table says, else 409 with a message and no change`, async () => {
      const orderId = orders.get(kind) as string;
      const wrong: string[] = [];
      for (const state of serviceOrderStates) {
        for (const { event, call } of Endpoint) {
          const before = await force(orderId, state);
          const expected = serviceKindTransition(kind, state, event, 'person');
          const res = await call(orderId);
          const after = await row(orderId);
          const label = `${state} --${event}-->`;
          if (expected.ok) {
            if (res.statusCode !== 200) wrong.push(`${label} ${res.statusCode} ${res.body.slice(0, 120)}`);
            else if (after.state !== expected.to)
              wrong.push(`${label} ${after.state}, expected ${expected.to}`);
          } else {
            if (res.statusCode !== 409 || !/[\u4e00-\u9fff]/.test(msg(res)))
              wrong.push(`${label} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
            if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${label} changed the order`);
          }
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });
  }
});
