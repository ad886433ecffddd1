// Reviews under concurrency, on PostgreSQL (PGlite runs one query at a time and would prove
// nothing): a review takes the result's row lock, so reviewers approving at once queue up; in
// one-review mode the first releases it and the others are told it is already approved.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';
import { resultReviews, results } from '#server/results/tables.ts';
import type { ResultView } from '#shared/results/responses.ts';
import { ALREADY_APPROVED, SAME_REVIEWER_REFUSED } from '#shared/results/results.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** A submitted result of a data-analysis order (free-form text), and the staff who entered it. */
async function submitted() {
  const it = await o.demoItem(3);
  const me = await o.customer();
  const placed = await t.post<{ list: { rid: string }[] }>(
    '/api/auth/order/add',
    { items: [{ item_rid: it.rid, parameters: it.parameters }], delivery: { type: 0 } },
    me.h,
  );
  const tech = await o.anotherStaff('technician');
  const list = await t.post<{ results: ResultView[] }>(
    '/api/admin/result/list',
    { rid: placed.body.data.list[0].rid },
    tech,
  );
  const rid = list.body.data.results[0].rid;
  await t.post('/api/admin/result/save', { rid, entries: [{ key: '_text', value: '见附件' }] }, tech);
  const sent = await t.post('/api/admin/result/submit', { rid }, tech);
  expect(sent.body.code).toBe(1);
  return rid;
}

const reviewsOf = async (rid: string) => {
  const [r] = await t.services.db.select().from(results).where(eq(results.rid, rid));
  const rows = await t.services.db.select().from(resultReviews).where(eq(resultReviews.resultId, r.id));
  return { status: r.status, approvals: rows.filter((v) => v.verdict === 'approve').length };
};

describe('reviewers approving one result at once', () => {
  it('gives one approval in one-review mode and tells the others', async () => {
    const rid = await submitted();
    const reviewers = await Promise.all(Array.from({ length: 6 }, () => o.anotherStaff('manager')));
    const answers = await Promise.all(
      reviewers.map((h) => t.post('/api/admin/result/review', { rid, verdict: 'approve' }, h)),
    );
    const ok = answers.filter((a) => a.body.code === 1);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 0).map((a) => a.body.msg)).toEqual(
      Array(5).fill(ALREADY_APPROVED),
    );
    expect(await reviewsOf(rid)).toEqual({ status: 'approved', approvals: 1 });
  });

  it('gives exactly two approvals by two people in two-review mode', async () => {
    const admin = await o.staff();
    expect((await t.post('/api/admin/result/settings/save', { reviews_required: 2 }, admin)).body.code).toBe(
      1,
    );
    try {
      const rid = await submitted();
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => o.anotherStaff('manager')));
      // The same reviewer twice at once, and two others: one of the pair is refused as a repeat.
      const answers = await Promise.all(
        [a, a, b, c].map((h) => t.post('/api/admin/result/review', { rid, verdict: 'approve' }, h)),
      );
      expect(answers.filter((x) => x.body.code === 1)).toHaveLength(2);
      const refusals = answers.filter((x) => x.body.code === 0).map((x) => x.body.msg);
      expect(refusals.every((m) => m === ALREADY_APPROVED || m === SAME_REVIEWER_REFUSED)).toBe(true);
      expect(await reviewsOf(rid)).toEqual({ status: 'approved', approvals: 2 });
    } finally {
      await t.post('/api/admin/result/settings/save', { reviews_required: 1 }, admin);
    }
  });
});
