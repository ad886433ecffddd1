// Reviewing results (decision 0075): 通过 or 退回 by someone who neither entered nor retested the
// result, under its row lock (two reviewers at once: one decides, the other is told it is done);
// with two reviews required, two different people. 重测 sends an approved result back to draft
// with a reason; entries and reviews stay (the database refuses to change them).
import { eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { DomainError } from '../platform/errors.ts';
import { resultEntries, resultFiles, resultReviews } from './tables.ts';
import { lockResult, updateResult } from './records.ts';
import { recordedName } from '../accounts/index.ts';
import { approversOf } from './read.ts';
import { viewOne } from './entries.ts';
import { reviewsRequired } from './settings.ts';
import { ONLY_APPROVED_REOPEN, RETURN_NEEDS_REASON, reviewRefusal } from '../../shared/results/results.ts';
import type { ResultView } from '../../shared/results/responses.ts';

/** result/review: a verdict on a result waiting for review; its message says what it did. */
export async function reviewResult(
  s: Services,
  staffId: number,
  req: { rid: string; verdict: 'approve' | 'return'; reason: string },
): Promise<{ view: ResultView; message: string }> {
  if (req.verdict === 'return' && !req.reason) throw new DomainError(RETURN_NEEDS_REASON);
  const reviewer = await recordedName(s.db, staffId);
  return s.db.transaction(async (tx) => {
    const r = await lockResult(tx, req.rid);
    const required = await reviewsRequired(tx);
    // Whoever entered a value or uploaded a file (a finished report included) produced the result.
    const [entries, uploads, reviews] = await Promise.all([
      tx
        .select({ by: resultEntries.technicianId })
        .from(resultEntries)
        .where(eq(resultEntries.resultId, r.id)),
      tx.select({ by: resultFiles.uploadedBy }).from(resultFiles).where(eq(resultFiles.resultId, r.id)),
      tx.select().from(resultReviews).where(eq(resultReviews.resultId, r.id)),
    ]);
    const approvedBy = approversOf(r, reviews);
    const refused = reviewRefusal({
      status: r.status,
      me: staffId,
      technicians: [...entries, ...uploads].map((e) => e.by),
      approvedBy,
    });
    if (refused) throw new DomainError(refused);
    const now = new Date(s.now());
    await tx.insert(resultReviews).values({
      resultId: r.id,
      round: r.round,
      reviewerId: staffId,
      reviewerName: reviewer,
      verdict: req.verdict,
      reason: req.reason,
      required,
      at: now,
    });
    let message = '已退回';
    if (req.verdict === 'return') await updateResult(tx, r.id, { status: 'returned' });
    else if (approvedBy.length + 1 >= required) {
      await updateResult(tx, r.id, { status: 'approved', approvedAt: now });
      message = '审核通过';
    } else message = `已审核（${approvedBy.length + 1}/${required}），等待另一位审核人`;
    return { view: await viewOne(tx, r.rid, staffId), message };
  });
}

/** result/reopen: 重测 of an approved result, back to draft with its reason; history kept. */
export async function reopenResult(
  s: Services,
  staffId: number,
  req: { rid: string; reason: string },
): Promise<ResultView> {
  const by = await recordedName(s.db, staffId);
  return s.db.transaction(async (tx) => {
    const r = await lockResult(tx, req.rid);
    if (r.status !== 'approved') throw new DomainError(ONLY_APPROVED_REOPEN);
    const required = await reviewsRequired(tx);
    await tx.insert(resultReviews).values({
      resultId: r.id,
      round: r.round,
      reviewerId: staffId,
      reviewerName: by,
      verdict: 'reopen',
      reason: req.reason,
      required,
      at: new Date(s.now()),
    });
    await updateResult(tx, r.id, { status: 'draft', approvedAt: null });
    return viewOne(tx, r.rid, staffId);
  });
}
