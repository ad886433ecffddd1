import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  ALREADY_PAID,
  AWAITING_QUOTE,
  CANNOT_CANCEL_RECEIVED,
  NO_PERMISSION,
  NOT_ALLOWED,
  NOT_BILLED,
  ORDER_ACTIONS,
  ORDER_CANCELLED,
  ORDER_STATUSES,
  customerKindOf,
  initialStatus,
  nextStatus,
  payModeOf,
  type Actor,
  type OrderAction,
  type OrderStatus,
  type PayMode,
} from '#shared/orders/order-status.ts';

// The lifecycle written out by hand, independent of the module's table: every allowed
// (status, action, actor, pay mode, delivery) → new status. Everything else must be refused.
type Key = `${OrderStatus}|${OrderAction}|${Actor}|${PayMode}|${0 | 1}`;
const allowed = new Map<Key, OrderStatus>();
const allow = (
  from: OrderStatus,
  action: OrderAction,
  actors: Actor[],
  modes: PayMode[],
  to: OrderStatus | ((d: 0 | 1) => OrderStatus),
) => {
  for (const actor of actors)
    for (const mode of modes)
      for (const d of [0, 1] as const)
        allowed.set(`${from}|${action}|${actor}|${mode}|${d}`, typeof to === 'function' ? to(d) : to);
};
const sampling = (d: 0 | 1): OrderStatus => (d === 1 ? 'awaiting_pickup' : 'awaiting_sample');
const both: PayMode[] = ['after', 'before'];

allow('quoting', 'quote', ['staff'], ['before'], 'unpaid');
allow('quoting', 'quote', ['staff'], ['after'], sampling);
// A new quote before the customer accepts it (decision 0039): it stays where it is.
allow('unpaid', 'quote', ['staff'], ['before'], 'unpaid');
allow('awaiting_sample', 'quote', ['staff'], ['after'], sampling);
allow('awaiting_pickup', 'quote', ['staff'], ['after'], sampling);
allow('unpaid', 'pay', ['customer'], ['before'], sampling);
allow('awaiting_sample', 'receive', ['staff'], both, 'received');
allow('awaiting_pickup', 'receive', ['staff'], both, 'received');
allow('received', 'start', ['staff'], both, 'testing');
// Samples refused (decision 0039): the order waits for new ones.
for (const from of ['awaiting_sample', 'awaiting_pickup', 'received'] as const)
  allow(from, 'reject', ['staff'], both, sampling);
allow('testing', 'deliver', ['staff'], both, 'delivered');
allow('delivered', 'bill', ['staff', 'system'], ['after'], 'unsettled');
allow('delivered', 'complete', ['staff', 'system'], ['before'], 'completed');
allow('unsettled', 'pay', ['customer'], ['after'], 'completed');
allow('unsettled', 'settle', ['staff'], ['after'], 'completed');
// Reservation orders (type 2) wait in 待上机 and are finished after the session.
allow('awaiting_session', 'finish', ['staff', 'system'], ['after'], 'unsettled');
allow('awaiting_session', 'finish', ['staff', 'system'], ['before'], 'completed');
for (const from of ['quoting', 'unpaid', 'awaiting_sample', 'awaiting_pickup', 'awaiting_session'] as const)
  allow(from, 'cancel', ['customer', 'staff'], both, 'cancelled');
for (const from of ['received', 'testing', 'delivered', 'unsettled'] as const)
  allow(from, 'cancel', ['staff'], both, 'cancelled');

const combos: [OrderStatus, OrderAction, Actor, PayMode, 0 | 1][] = [];
for (const s of ORDER_STATUSES)
  for (const a of ORDER_ACTIONS)
    for (const actor of ACTORS)
      for (const m of both) for (const d of [0, 1] as const) combos.push([s, a, actor, m, d]);

describe('order state machine', () => {
  it('covers every combination (11 statuses × 11 actions × 3 actors × 2 pay modes × 2 deliveries)', () => {
    expect(combos).toHaveLength(11 * 11 * 3 * 2 * 2);
    expect(allowed.size).toBeGreaterThan(40);
  });

  describe.each(combos.filter((c) => allowed.has(c.join('|') as Key)))(
    'allows %s —%s→ by %s (%s, delivery %i)',
    (s, a, actor, m, d) => {
      it('moves to the expected status', () => {
        expect(nextStatus({ status: s, pay_mode: m, delivery_type: d }, a, actor)).toEqual({
          ok: true,
          to: allowed.get(`${s}|${a}|${actor}|${m}|${d}`),
        });
      });
    },
  );

  it.each(combos.filter((c) => !allowed.has(c.join('|') as Key)))(
    'refuses %s —%s→ by %s (%s, delivery %i)',
    (s, a, actor, m, d) => {
      const r = nextStatus({ status: s, pay_mode: m, delivery_type: d }, a, actor);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('explains the common refusals specifically', () => {
    const o = (status: OrderStatus, pay_mode: PayMode = 'before') => ({
      status,
      pay_mode,
      delivery_type: 0 as const,
    });
    expect(nextStatus(o('awaiting_sample'), 'pay', 'customer')).toEqual({
      ok: false,
      message: ALREADY_PAID,
      code: 'ALREADY_PAID',
    });
    expect(nextStatus(o('completed', 'after'), 'pay', 'customer')).toEqual({
      ok: false,
      message: ALREADY_PAID,
      code: 'ALREADY_PAID',
    });
    expect(nextStatus(o('quoting'), 'pay', 'customer')).toEqual({
      ok: false,
      message: AWAITING_QUOTE,
      code: 'REFUSED',
    });
    expect(nextStatus(o('testing', 'after'), 'pay', 'customer')).toEqual({
      ok: false,
      message: NOT_BILLED,
      code: 'REFUSED',
    });
    expect(nextStatus(o('received'), 'cancel', 'customer')).toEqual({
      ok: false,
      message: CANNOT_CANCEL_RECEIVED,
      code: 'REFUSED',
    });
    expect(nextStatus(o('cancelled'), 'receive', 'staff')).toEqual({
      ok: false,
      message: ORDER_CANCELLED,
      code: 'REFUSED',
    });
    expect(nextStatus(o('received'), 'receive', 'customer')).toEqual({
      ok: false,
      message: NOT_ALLOWED,
      code: 'REFUSED',
    });
    expect(nextStatus(o('awaiting_sample'), 'receive', 'customer')).toEqual({
      ok: false,
      message: NO_PERMISSION,
      code: 'REFUSED',
    });
    expect(nextStatus(o('completed'), 'cancel', 'staff')).toEqual({
      ok: false,
      message: '订单已完成，无法取消',
      code: 'REFUSED',
    });
  });
});

describe('reservation orders (type 2)', () => {
  const r = (status: OrderStatus, pay_mode: PayMode) => ({
    status,
    pay_mode,
    delivery_type: 0 as const,
    type_id: 2,
  });
  it('start in 待上机 for pay-after customers and reach it by paying for prepaid ones', () => {
    expect(initialStatus({ needs_quote: false, pay_mode: 'after', delivery_type: 0, type_id: 2 })).toBe(
      'awaiting_session',
    );
    expect(initialStatus({ needs_quote: false, pay_mode: 'before', delivery_type: 0, type_id: 2 })).toBe(
      'unpaid',
    );
    expect(nextStatus(r('unpaid', 'before'), 'pay', 'customer')).toEqual({
      ok: true,
      to: 'awaiting_session',
    });
    expect(nextStatus(r('quoting', 'after'), 'quote', 'staff')).toEqual({ ok: true, to: 'awaiting_session' });
  });
  it('never receive samples, and a customer may cancel while waiting for the session', () => {
    expect(nextStatus(r('awaiting_session', 'after'), 'receive', 'staff').ok).toBe(false);
    expect(nextStatus(r('awaiting_session', 'after'), 'cancel', 'customer')).toEqual({
      ok: true,
      to: 'cancelled',
    });
    expect(nextStatus(r('awaiting_session', 'after'), 'finish', 'customer')).toEqual({
      ok: false,
      message: NO_PERMISSION,
      code: 'REFUSED',
    });
  });
});

describe('how an order starts', () => {
  it.each([
    [true, 'before', 0, 'quoting'],
    [true, 'after', 1, 'quoting'],
    [false, 'before', 1, 'unpaid'],
    [false, 'after', 0, 'awaiting_sample'],
    [false, 'after', 1, 'awaiting_pickup'],
  ] as const)('needs_quote %s, pay %s, delivery %i → %s', (needs_quote, pay_mode, delivery_type, status) => {
    expect(initialStatus({ needs_quote, pay_mode, delivery_type })).toBe(status);
  });

  it('quotes organization 2 as an enterprise; only students and teachers pay after the test', () => {
    expect(customerKindOf(2)).toBe('enterprise');
    for (const org of [0, 1, 3, null, undefined]) expect(customerKindOf(org)).toBe('institution');
    expect(payModeOf(0)).toBe('after');
    expect(payModeOf(3)).toBe('after');
    // The spec grants pay-after to institutions only: individuals pay first, like enterprises.
    expect(payModeOf(1)).toBe('before');
    expect(payModeOf(2)).toBe('before');
    expect(payModeOf(null)).toBe('before');
  });
});
