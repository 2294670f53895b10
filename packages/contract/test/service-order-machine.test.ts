import { describe, expect, it } from 'vitest';
import { OrderListTab } from '../src/constants/call-orders.ts';
import { ProductCode } from '../src/constants/codes.ts';
import { OrderStatus } from '../src/constants/order-status.ts';
import { StepLists } from '../src/constants/steps.ts';
import {
  arrangePromiseText,
  beforeServiceStates,
  cancelRuleText,
  FaceConsultSteps,
  initialServiceOrderState,
  isServiceDeadlinePassed,
  LawsuitSteps,
  LawyerLetterSteps,
  LETTER_REVISION_ROUNDS,
  needsEntrustment,
  quoteBalanceFen,
  ServiceActor,
  ServiceCancelEvent,
  ServiceKind,
  ServiceKindEvents,
  ServiceKindFlow,
  ServiceKindProductCode,
  ServiceOrderProjection,
  type ServiceOrderState,
  ServiceOrderTabStates,
  ServiceOrderTimeouts,
  ServiceOrderTransitions,
  type ServiceStepTable,
  ServiceTerms,
  serviceActors,
  serviceCancelRefund,
  serviceDeadline,
  serviceFormStepIndex,
  serviceKindOfProductCode,
  serviceKinds,
  serviceKindTransition,
  serviceOrderEvents,
  serviceOrderStates,
  serviceOrderStateText,
  serviceStep,
  serviceStepIndex,
  serviceSteps,
  serviceTransition,
  usesCountedRight,
} from '../src/rules/service-order-machine.ts';

const HOUR = 3_600_000;

/** Every state an order of `kind` can reach from its first state, by any actor. */
function reachable(kind: ServiceKind): Set<ServiceOrderState> {
  const seen = new Set<ServiceOrderState>([initialServiceOrderState(kind)]);
  const queue = [...seen];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const event of ServiceKindEvents[kind]) {
      const rule = ServiceOrderTransitions[event];
      if (rule.from.includes(state) && !seen.has(rule.to)) {
        seen.add(rule.to);
        queue.push(rule.to);
      }
    }
  }
  return seen;
}

/** One act of a journey: a lifecycle event, or a sub-step of the kind's step table. */
type Act = { event: string; by: ServiceActor } | { step: string; by: ServiceActor };

type Walked = { state: ServiceOrderState; stage: string | null; steps: (number | null)[] };

/** Folds a journey; every act must be legal, else the test fails naming the act. */
function walk(kind: ServiceKind, acts: readonly Act[], table?: ServiceStepTable<string, string>): Walked {
  const done: Record<string, number> = {};
  const start: Walked = {
    state: initialServiceOrderState(kind),
    stage: null,
    steps: [serviceStepIndex(kind, initialServiceOrderState(kind))],
  };
  return acts.reduce<Walked>((at, act) => {
    if ('event' in act) {
      const event = serviceOrderEvents.find((e) => e === act.event);
      if (!event) throw new Error(`unknown event ${act.event}`);
      const moved = serviceKindTransition(kind, at.state, event, act.by);
      if (!moved.ok) throw new Error(`${kind}: ${act.event} by ${act.by} in ${at.state}: ${moved.reason}`);
      // A new lawyer starts the sub-steps afresh.
      const stage = event === 'accept' ? null : at.stage;
      return { state: moved.to, stage, steps: [...at.steps, serviceStepIndex(kind, moved.to)] };
    }
    if (!table) throw new Error(`${kind} has no step table here`);
    const moved = serviceStep(
      table,
      { state: at.state, stage: at.stage, timesDone: done[act.step] },
      act.step,
      act.by,
    );
    if (!moved.ok)
      throw new Error(`${kind}: step ${act.step} by ${act.by} in ${at.state}/${at.stage}: ${moved.reason}`);
    if (moved.fired && !ServiceKindEvents[kind].includes(moved.fired))
      throw new Error(`${moved.fired} not for ${kind}`);
    done[act.step] = (done[act.step] ?? 0) + 1;
    return {
      state: moved.state,
      stage: moved.stage,
      steps: [...at.steps, serviceStepIndex(kind, moved.state)],
    };
  }, start);
}

const by = {
  person: ServiceActor.person,
  lawyer: ServiceActor.lawyer,
  system: ServiceActor.system,
  operator: ServiceActor.operator,
} as const;
const ev = (event: string, actor: ServiceActor): Act => ({ event, by: actor });
const st = (step: string, actor: ServiceActor): Act => ({ step, by: actor });

function expectAdvancing(steps: readonly (number | null)[], kind: ServiceKind) {
  const list = serviceSteps(kind);
  const numbers = steps.filter((s): s is number => s !== null);
  expect(numbers).toHaveLength(steps.length);
  for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThanOrEqual(numbers[i - 1] ?? 0);
  expect(numbers.at(-1)).toBe(list?.length);
}

describe('service kinds', () => {
  it('map to the spec product codes (video is ordered by its own call)', () => {
    const codes = serviceKinds.map((kind) => ServiceKindProductCode[kind]).filter((c) => c !== null);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(Object.values(ProductCode)).toContain(code);
    expect(ServiceKindProductCode.faceConsult).toBe('SC19001');
    expect(ServiceKindProductCode.lawyerLetter).toBe('SC19002');
    expect(ServiceKindProductCode.lawsuit).toBe('SC19003');
    expect(ServiceKindProductCode.video).toBeNull();
    for (const kind of serviceKinds) {
      const code = ServiceKindProductCode[kind];
      if (code) expect(serviceKindOfProductCode(code)).toBe(kind);
    }
    expect(serviceKindOfProductCode(ProductCode.phoneCall)).toBeNull();
    expect(serviceKindOfProductCode(ProductCode.docModule)).toBeNull();
  });
  it('only review has nothing due up front', () => {
    for (const kind of serviceKinds) {
      expect(initialServiceOrderState(kind)).toBe(kind === 'docCheck' ? 'arranging' : 'awaiting_payment');
    }
  });
});

describe('lifecycle table', () => {
  it('answers every (state, event, actor) triple as the table says', () => {
    let allowed = 0;
    let checked = 0;
    for (const state of serviceOrderStates) {
      for (const event of serviceOrderEvents) {
        for (const actor of serviceActors) {
          const rule = ServiceOrderTransitions[event];
          const result = serviceTransition(state, event, actor);
          checked++;
          if (!rule.from.includes(state)) {
            expect(result).toEqual({ ok: false, reason: 'not_allowed_in_state' });
          } else if (!rule.actors.includes(actor)) {
            expect(result).toEqual({ ok: false, reason: 'actor_not_allowed' });
          } else {
            allowed++;
            expect(result).toEqual({ ok: true, to: rule.to });
          }
        }
      }
    }
    expect(checked).toBe(serviceOrderStates.length * serviceOrderEvents.length * serviceActors.length);
    expect(allowed).toBeGreaterThan(0);
  });
  it('answers every (kind, state, event, actor): an event outside the kind’s flow first', () => {
    for (const kind of serviceKinds) {
      for (const state of serviceOrderStates) {
        for (const event of serviceOrderEvents) {
          for (const actor of serviceActors) {
            const result = serviceKindTransition(kind, state, event, actor);
            if (ServiceKindEvents[kind].includes(event)) {
              expect(result).toEqual(serviceTransition(state, event, actor));
            } else {
              expect(result).toEqual({ ok: false, reason: 'not_for_kind' });
            }
          }
        }
      }
    }
  });
  it('fixed-price kinds start; quoted kinds quote; only up-front kinds see pay', () => {
    for (const kind of serviceKinds) {
      const events = ServiceKindEvents[kind];
      const flow = ServiceKindFlow[kind];
      expect(events.includes('start')).toBe(flow.priced === 'fixed');
      for (const e of ['quote', 'acceptQuote', 'declineQuote', 'payBalance'] as const) {
        expect(events.includes(e)).toBe(flow.priced === 'quoted');
      }
      expect(events.includes('pay')).toBe(flow.upFront !== 'none');
    }
    expect(reachable('faceConsult').has('quoted')).toBe(false);
    expect(reachable('docCheck').has('awaiting_payment')).toBe(false);
  });
  it('evaluated and cancelled are final; every other state can end', () => {
    for (const event of serviceOrderEvents) {
      expect(ServiceOrderTransitions[event].from).not.toContain('evaluated');
      expect(ServiceOrderTransitions[event].from).not.toContain('cancelled');
      expect(ServiceOrderTransitions[event].actors.length).toBeGreaterThan(0);
    }
    for (const kind of serviceKinds) {
      for (const state of reachable(kind)) {
        if (state === 'evaluated' || state === 'cancelled') continue;
        const out = ServiceKindEvents[kind].filter((e) => ServiceOrderTransitions[e].from.includes(state));
        expect(out.length, `${kind}/${state}`).toBeGreaterThan(0);
      }
    }
    const union = new Set(serviceKinds.flatMap((kind) => [...reachable(kind)]));
    expect(union).toEqual(new Set(serviceOrderStates));
  });
  it('the person cancels only before the service starts; the operator terminates after', () => {
    expect(serviceTransition('in_service', 'cancel', by.person)).toEqual({
      ok: false,
      reason: 'not_allowed_in_state',
    });
    expect(serviceTransition('in_service', 'terminate', by.person)).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
    expect(serviceTransition('in_service', 'terminate', by.operator)).toEqual({ ok: true, to: 'cancelled' });
    expect(serviceTransition('arranging', 'accept', by.person)).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
    expect(serviceTransition('awaiting_payment', 'pay', by.person)).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
  });
});

describe('projections', () => {
  it('every state has a general status and a tab; the tabs split the states', () => {
    const statuses: number[] = Object.values(OrderStatus);
    for (const state of serviceOrderStates) {
      expect(statuses).toContain(ServiceOrderProjection[state].orderStatus);
      expect(Object.values(OrderListTab)).toContain(ServiceOrderProjection[state].tab);
    }
    const tabbed = Object.values(ServiceOrderTabStates).flat();
    expect(tabbed.toSorted()).toEqual([...serviceOrderStates].toSorted());
    expect(ServiceOrderTabStates.unpaid).toEqual(['awaiting_payment', 'balance_due']);
    expect(ServiceOrderTabStates.cancelled).toEqual(['cancelled']);
    expect(ServiceOrderProjection.awaiting_payment.orderStatus).toBe(3);
    expect(ServiceOrderProjection.arranging.orderStatus).toBe(1);
    expect(ServiceOrderProjection.in_service.orderStatus).toBe(2);
    expect(ServiceOrderProjection.to_evaluate.orderStatus).toBe(4);
    expect(ServiceOrderProjection.evaluated.orderStatus).toBe(5);
    expect(ServiceOrderProjection.cancelled.orderStatus).toBe(99);
  });
  it('every kind has a status text for every state; a refunded cancel reads 已退款', () => {
    for (const kind of serviceKinds) {
      for (const state of serviceOrderStates)
        expect(serviceOrderStateText(kind, state).length).toBeGreaterThan(0);
    }
    expect(serviceOrderStateText('faceConsult', 'cancelled')).toBe('已取消');
    expect(serviceOrderStateText('faceConsult', 'cancelled', { refundFen: 1 })).toBe('已退款');
    expect(serviceOrderStateText('lawsuit', 'awaiting_payment')).toBe('待支付订金');
    expect(serviceOrderStateText('lawyerLetter', 'delivered')).toBe('律师函已发出');
  });
});

describe('step bar', () => {
  it('uses the spec step lists (video has none)', () => {
    expect(serviceSteps('faceConsult')).toBe(StepLists.faceConsult);
    expect(serviceSteps('lawyerLetter')).toBe(StepLists.lawyerLetter);
    expect(serviceSteps('lawsuit')).toBe(StepLists.lawsuit);
    expect(serviceSteps('docCheck')).toBe(StepLists.docCheck);
    expect(serviceSteps('docDraft')).toBe(StepLists.draftDoc);
    expect(serviceSteps('video')).toBeNull();
    expect(serviceStepIndex('video', 'in_service')).toBeNull();
  });
  it('places every reachable state on the bar, none for cancelled or unreachable ones', () => {
    for (const kind of serviceKinds) {
      const list = serviceSteps(kind);
      if (!list) continue;
      const states = reachable(kind);
      const form = serviceFormStepIndex(kind) ?? -1;
      for (const state of serviceOrderStates) {
        const index = serviceStepIndex(kind, state);
        if (state === 'cancelled' || !states.has(state)) {
          expect(index, `${kind}/${state}`).toBeNull();
          continue;
        }
        expect(index, `${kind}/${state}`).not.toBeNull();
        expect(index).toBeGreaterThan(form);
        expect(index).toBeLessThanOrEqual(list.length);
      }
      expect(serviceStepIndex(kind, 'evaluated')).toBe(list.length);
    }
    expect(serviceFormStepIndex('faceConsult')).toBe(1);
    expect(serviceFormStepIndex('docCheck')).toBe(0);
  });
});

describe('face-to-face consultation', () => {
  it('pay → arranged → time agreed (another time asked once) → held → evaluated', () => {
    const end = walk(
      'faceConsult',
      [
        ev('pay', by.system),
        ev('accept', by.lawyer),
        st('proposeTime', by.lawyer),
        st('askOtherTime', by.person),
        st('proposeTime', by.lawyer),
        st('confirmTime', by.person),
        st('markHeld', by.lawyer),
        ev('evaluate', by.person),
      ],
      FaceConsultSteps,
    );
    expect(end.state).toBe('evaluated');
    expect(end.stage).toBe('held');
    expect(end.steps[0]).toBe(2);
    expectAdvancing(end.steps, 'faceConsult');
  });
  it('confirming the time starts the service; a reschedule keeps it in service', () => {
    const end = walk(
      'faceConsult',
      [
        ev('pay', by.system),
        ev('accept', by.lawyer),
        st('proposeTime', by.lawyer),
        st('confirmTime', by.person),
        st('askOtherTime', by.person),
        st('proposeTime', by.lawyer),
        st('confirmTime', by.person),
      ],
      FaceConsultSteps,
    );
    expect(end.state).toBe('in_service');
    expect(end.stage).toBe('time_confirmed');
    expect(
      serviceStep(FaceConsultSteps, { state: 'arranged', stage: null }, 'confirmTime', by.person),
    ).toEqual({ ok: false, reason: 'not_allowed_in_stage' });
    expect(
      serviceStep(FaceConsultSteps, { state: 'arranged', stage: 'time_proposed' }, 'confirmTime', by.lawyer),
    ).toEqual({ ok: false, reason: 'actor_not_allowed' });
  });
  it('not arranged within 48 h: refunded in full by the system', () => {
    const end = walk('faceConsult', [ev('pay', by.system), ev('expire', by.system)]);
    expect(end.state).toBe('cancelled');
    const paidAt = Date.UTC(2025, 0, 1);
    expect(serviceDeadline('faceConsult', 'arranging', paidAt)).toEqual({
      event: 'expire',
      atMs: paidAt + 48 * HOUR,
    });
    expect(isServiceDeadlinePassed('faceConsult', 'arranging', paidAt, paidAt + 48 * HOUR - 1)).toBe(false);
    expect(isServiceDeadlinePassed('faceConsult', 'arranging', paidAt, paidAt + 48 * HOUR)).toBe(true);
    expect(serviceCancelRefund('arranging', 'expire', 39900)).toEqual({
      refundFen: 39900,
      restoresRight: true,
    });
  });
  it('a lawyer gives it back: offered again, then another accepts', () => {
    const end = walk(
      'faceConsult',
      [ev('pay', by.system), ev('accept', by.lawyer), ev('release', by.lawyer), ev('accept', by.operator)],
      FaceConsultSteps,
    );
    expect(end.state).toBe('arranged');
  });
  it('after the time is confirmed only customer service can end it', () => {
    const end = walk(
      'faceConsult',
      [
        ev('pay', by.system),
        ev('accept', by.lawyer),
        st('proposeTime', by.lawyer),
        st('confirmTime', by.person),
      ],
      FaceConsultSteps,
    );
    expect(serviceTransition(end.state, 'cancel', by.person).ok).toBe(false);
    expect(
      walk('faceConsult', [ev('pay', by.system), ev('accept', by.lawyer), ev('cancel', by.person)]).state,
    ).toBe('cancelled');
    expect(
      serviceCancelRefund('in_service', 'terminate', 39900, { refundFen: 20000, restoreRight: false }),
    ).toEqual({
      refundFen: 20000,
      restoresRight: false,
    });
  });
});

describe('lawyer letter', () => {
  const upToDraft = [ev('pay', by.system), ev('accept', by.lawyer), st('submitDraft', by.lawyer)];
  it('pay → draft → two revisions → approved → final → sent → confirmed → evaluated', () => {
    const end = walk(
      'lawyerLetter',
      [
        ...upToDraft,
        st('askRevision', by.person),
        st('submitDraft', by.lawyer),
        st('askRevision', by.person),
        st('submitDraft', by.lawyer),
        st('approveDraft', by.person),
        st('finalise', by.lawyer),
        st('dispatch', by.system),
        ev('confirm', by.system),
        ev('evaluate', by.person),
      ],
      LawyerLetterSteps,
    );
    expect(end.state).toBe('evaluated');
    expectAdvancing(end.steps, 'lawyerLetter');
  });
  it('the first draft starts the service; the courier delivers it', () => {
    expect(walk('lawyerLetter', upToDraft, LawyerLetterSteps).state).toBe('in_service');
    const sent = serviceStep(
      LawyerLetterSteps,
      { state: 'in_service', stage: 'final' },
      'dispatch',
      by.system,
    );
    expect(sent).toEqual({ ok: true, stage: 'sent', state: 'delivered', fired: 'deliver' });
  });
  it(`allows ${LETTER_REVISION_ROUNDS} rounds of changes (at least two), then only approval`, () => {
    expect(LETTER_REVISION_ROUNDS).toBeGreaterThanOrEqual(2);
    const rounds = Array.from({ length: LETTER_REVISION_ROUNDS }, () => [
      st('askRevision', by.person),
      st('submitDraft', by.lawyer),
    ]).flat();
    const end = walk('lawyerLetter', [...upToDraft, ...rounds], LawyerLetterSteps);
    expect(end.stage).toBe('draft_sent');
    expect(
      serviceStep(
        LawyerLetterSteps,
        { state: end.state, stage: end.stage as 'draft_sent', timesDone: LETTER_REVISION_ROUNDS },
        'askRevision',
        by.person,
      ),
    ).toEqual({ ok: false, reason: 'limit_reached' });
    // An unanswered draft is approved by the system.
    expect(
      serviceStep(LawyerLetterSteps, { state: end.state, stage: 'draft_sent' }, 'approveDraft', by.system).ok,
    ).toBe(true);
  });
  it('cancelled before the first draft: everything back, the card use too', () => {
    const end = walk('lawyerLetter', [
      ev('pay', by.system),
      ev('accept', by.lawyer),
      ev('cancel', by.person),
    ]);
    expect(end.state).toBe('cancelled');
    expect(serviceCancelRefund('arranged', 'cancel', 0)).toEqual({ refundFen: 0, restoresRight: true });
    expect(serviceCancelRefund('in_service', 'cancel', 50000)).toBeNull();
  });
});

describe('lawsuit', () => {
  const upToQuote = [ev('pay', by.system), ev('accept', by.lawyer), ev('quote', by.lawyer)];
  it('deposit → assessed and quoted → entrustment signed → balance paid → milestones → closed → evaluated', () => {
    const end = walk(
      'lawsuit',
      [
        ...upToQuote,
        st('signEntrust', by.person),
        ev('payBalance', by.system),
        st('recordProgress', by.lawyer),
        st('recordProgress', by.lawyer),
        st('closeCase', by.lawyer),
        ev('evaluate', by.person),
      ],
      LawsuitSteps,
    );
    expect(end.state).toBe('evaluated');
    expectAdvancing(end.steps, 'lawsuit');
  });
  it('signing the entrustment is accepting the quote; needEntrust until then', () => {
    expect(serviceStep(LawsuitSteps, { state: 'quoted', stage: null }, 'signEntrust', by.person)).toEqual({
      ok: true,
      stage: 'entrusted',
      state: 'balance_due',
      fired: 'acceptQuote',
    });
    expect(needsEntrustment('lawsuit', 'arranged', false)).toBe(false);
    expect(needsEntrustment('lawsuit', 'quoted', false)).toBe(true);
    expect(needsEntrustment('lawsuit', 'quoted', true)).toBe(false);
    expect(needsEntrustment('docDraft', 'quoted', false)).toBe(false);
    expect(
      serviceStep(LawsuitSteps, { state: 'in_service', stage: null }, 'recordProgress', by.lawyer).ok,
    ).toBe(false);
  });
  it('declining the quote gives the deposit back in full', () => {
    expect(walk('lawsuit', [...upToQuote, ev('declineQuote', by.person)]).state).toBe('cancelled');
    expect(serviceCancelRefund('quoted', 'declineQuote', 50000)).toEqual({
      refundFen: 50000,
      restoresRight: true,
    });
  });
  it('undecided for 7 days or balance unpaid for 3: cancelled, deposit back', () => {
    const at = Date.UTC(2025, 5, 1);
    expect(serviceDeadline('lawsuit', 'quoted', at)).toEqual({ event: 'expire', atMs: at + 7 * 24 * HOUR });
    expect(serviceDeadline('lawsuit', 'balance_due', at)).toEqual({ event: 'expire', atMs: at + 72 * HOUR });
    expect(walk('lawsuit', [...upToQuote, ev('acceptQuote', by.person), ev('expire', by.system)]).state).toBe(
      'cancelled',
    );
    expect(serviceCancelRefund('balance_due', 'expire', 50000)?.refundFen).toBe(50000);
  });
  it('the deposit counts towards the fee; a quote below it is refused', () => {
    expect(quoteBalanceFen(800000, 50000)).toBe(750000);
    expect(quoteBalanceFen(50000, 50000)).toBe(0);
    expect(quoteBalanceFen(40000, 50000)).toBeNull();
    expect(quoteBalanceFen(1.5, 0)).toBeNull();
  });
});

describe('later kinds fit the same lifecycle', () => {
  it('contract review: submitted → quoted → paid → reviewed → result → evaluated; cancel before paying costs nothing', () => {
    const end = walk('docCheck', [
      ev('accept', by.lawyer),
      ev('quote', by.lawyer),
      ev('acceptQuote', by.person),
      ev('payBalance', by.system),
      ev('deliver', by.lawyer),
      ev('confirm', by.person),
      ev('evaluate', by.person),
    ]);
    expect(end.state).toBe('evaluated');
    expect(end.steps).toEqual([1, 1, 1, 1, 2, 3, 4, 4]);
    expect(
      walk('docCheck', [ev('accept', by.lawyer), ev('quote', by.lawyer), ev('cancel', by.person)]).state,
    ).toBe('cancelled');
  });
  it('drafting: deposit, quote, balance, delivered', () => {
    const end = walk('docDraft', [
      ev('pay', by.system),
      ev('accept', by.lawyer),
      ev('quote', by.lawyer),
      ev('quote', by.lawyer),
      ev('acceptQuote', by.person),
      ev('payBalance', by.system),
      ev('deliver', by.lawyer),
      ev('evaluate', by.person),
    ]);
    expect(end.state).toBe('evaluated');
    expectAdvancing(end.steps, 'docDraft');
  });
  it('video: paid, arranged, the call starts and ends, evaluated', () => {
    const end = walk('video', [
      ev('pay', by.system),
      ev('accept', by.lawyer),
      ev('start', by.system),
      ev('deliver', by.system),
      ev('evaluate', by.person),
    ]);
    expect(end.state).toBe('evaluated');
    expect(serviceDeadline('video', 'arranged', 0)).toBeNull();
  });
});

describe('step tables', () => {
  const tables: readonly [ServiceKind, ServiceStepTable<string, string>][] = [
    ['faceConsult', FaceConsultSteps],
    ['lawyerLetter', LawyerLetterSteps],
    ['lawsuit', LawsuitSteps],
  ];
  it('fire only lifecycle events of their kind, by actors the lifecycle allows, in states it can happen', () => {
    for (const [kind, table] of tables) {
      for (const [name, rule] of Object.entries(table)) {
        for (const state of rule.states) expect(reachable(kind).has(state), `${name} in ${state}`).toBe(true);
        if (!rule.fires) continue;
        const lifecycle = ServiceOrderTransitions[rule.fires];
        expect(ServiceKindEvents[kind]).toContain(rule.fires);
        for (const actor of rule.actors) expect(lifecycle.actors).toContain(actor);
        expect(rule.states.some((s) => lifecycle.from.includes(s))).toBe(true);
      }
    }
  });
  it('answer every (state, stage, step, actor) as their table says', () => {
    for (const [, table] of tables) {
      const stages = [null, ...new Set(Object.values(table).map((r) => r.to))];
      for (const [name, rule] of Object.entries(table)) {
        for (const state of serviceOrderStates) {
          for (const stage of stages) {
            for (const actor of serviceActors) {
              const result = serviceStep(table, { state, stage }, name, actor);
              if (!rule.states.includes(state))
                expect(result).toEqual({ ok: false, reason: 'not_allowed_in_state' });
              else if (!rule.after.includes(stage)) {
                expect(result).toEqual({ ok: false, reason: 'not_allowed_in_stage' });
              } else if (!rule.actors.includes(actor)) {
                expect(result).toEqual({ ok: false, reason: 'actor_not_allowed' });
              } else {
                const fires = rule.fires && ServiceOrderTransitions[rule.fires].from.includes(state);
                expect(result).toEqual({
                  ok: true,
                  stage: rule.to,
                  state: fires && rule.fires ? ServiceOrderTransitions[rule.fires].to : state,
                  fired: fires ? rule.fires : null,
                });
              }
            }
          }
        }
      }
    }
  });
});

describe('refunds and deadlines', () => {
  it('every cancelling event: all paid back before the start, customer service decides after', () => {
    for (const event of Object.values(ServiceCancelEvent)) {
      for (const state of serviceOrderStates) {
        const refund = serviceCancelRefund(state, event, 30000, { refundFen: 12000, restoreRight: false });
        if (!ServiceOrderTransitions[event].from.includes(state)) expect(refund).toBeNull();
        else if (beforeServiceStates.includes(state))
          expect(refund).toEqual({ refundFen: 30000, restoresRight: true });
        else expect(refund).toEqual({ refundFen: 12000, restoresRight: false });
      }
    }
    expect(serviceCancelRefund('delivered', 'terminate', 30000)).toEqual({
      refundFen: 0,
      restoresRight: false,
    });
    expect(
      serviceCancelRefund('delivered', 'terminate', 30000, { refundFen: -5, restoreRight: false })?.refundFen,
    ).toBe(0);
    expect(
      serviceCancelRefund('in_service', 'terminate', 30000, { refundFen: 99999, restoreRight: true }),
    ).toEqual({
      refundFen: 30000,
      restoresRight: true,
    });
  });
  it('each deadline fires an event the kind has, by the system, from that state', () => {
    for (const kind of serviceKinds) {
      for (const state of reachable(kind)) {
        const deadline = serviceDeadline(kind, state, 1000);
        if (!deadline) continue;
        expect(deadline.atMs).toBeGreaterThan(1000);
        expect(serviceKindTransition(kind, state, deadline.event, by.system).ok, `${kind}/${state}`).toBe(
          true,
        );
      }
      expect(serviceDeadline(kind, 'arranging', 0)?.atMs).toBe(ServiceTerms[kind].arrangeWithinH * HOUR);
      expect(serviceDeadline(kind, 'in_service', 0)).toBeNull();
      expect(serviceDeadline(kind, 'delivered', 0)).toEqual({
        event: 'confirm',
        atMs: ServiceOrderTimeouts.confirmWindowH * HOUR,
      });
    }
  });
});

describe('the rule the page shows before payment', () => {
  it('face consultation', () => {
    expect(cancelRuleText('faceConsult')).toBe(
      '支付后48小时内为您安排律师，逾期未安排将自动全额退款。' +
        '见面时间确认前可随时取消，已付款项全额退还；见面时间确认后不可自行取消，可申请改约时间，如有争议请联系客服。',
    );
  });
  it('lawyer letter and lawsuit', () => {
    expect(cancelRuleText('lawyerLetter')).toBe(
      '支付后24小时内为您安排律师，逾期未安排将自动全额退款。' +
        '律师提交初稿前可随时取消，已付款项全额退还；初稿提交后不可自行取消，可要求修改3次，如有争议请联系客服。' +
        '全额退款时，使用的会员权益次数一并退回。',
    );
    const lawsuit = cancelRuleText('lawsuit');
    expect(lawsuit).toContain('支付订金后48小时内');
    expect(lawsuit).toContain('不接受报价则订金全额退还');
    expect(lawsuit).toContain('委托代理合同');
    expect(cancelRuleText('docCheck')).toContain('无需付费');
  });
  it('every kind states its promise; counted rights are given back', () => {
    for (const kind of serviceKinds) {
      expect(cancelRuleText(kind)).toContain(`${ServiceTerms[kind].arrangeWithinH}小时`);
      expect(cancelRuleText(kind).startsWith(arrangePromiseText(kind))).toBe(true);
      expect(cancelRuleText(kind).includes('会员权益')).toBe(usesCountedRight(kind));
    }
    expect(usesCountedRight('faceConsult')).toBe(false);
    expect(usesCountedRight('lawsuit')).toBe(true);
    expect(ServiceKind.video).toBe('video');
  });
});
