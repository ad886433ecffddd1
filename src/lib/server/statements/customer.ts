// The customer's side: read statements, confirm one (assign/right) or dispute lines of it
// (assign/wrong). Each change locks the statement row, so a confirmation and a dispute sent at
// once, or a dispute racing staff's reissue, are applied one after the other.
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { statementLines, statements } from '../platform/db/schema.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  STATEMENT_CONFIRMED,
  STATEMENT_DISPUTED,
  STATEMENT_NOT_FOUND,
  STATEMENT_SUPERSEDED,
  type StatementStatus,
} from '../../shared/statements/statements.ts';
import { detailOf, summaryOf, type StatementRow } from './view.ts';

const notFound = () => new DomainError(STATEMENT_NOT_FOUND, 200, 'NOT_FOUND');

/** One of the customer's own statements (any version); someone else's reads as not found. */
export async function findOwnStatement(db: Services['db'] | Tx, userId: number, rid: string, lock = false) {
  const q = db
    .select()
    .from(statements)
    .where(and(eq(statements.rid, rid), eq(statements.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * assign/statement: the current statement of each month, newest first (superseded versions are
 * left out); with `rid`, that statement with its lines, and every version of its month as the list.
 */
export async function listMine(
  s: Services,
  userId: number,
  q: { page?: number; size?: number; status?: StatementStatus; rid?: string },
) {
  if (q.rid) {
    const row = await findOwnStatement(s.db, userId, q.rid);
    const versions = await s.db
      .select()
      .from(statements)
      .where(and(eq(statements.userId, userId), eq(statements.month, row.month)))
      .orderBy(desc(statements.version));
    return { list: versions.map(summaryOf), total: versions.length, detail: await detailOf(s.db, row) };
  }
  const w = pageWindow(q.page, q.size);
  const where = and(
    eq(statements.userId, userId),
    q.status ? eq(statements.status, q.status) : ne(statements.status, 'superseded'),
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select()
      .from(statements)
      .where(where)
      .orderBy(desc(statements.month), desc(statements.version))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ total: count() }).from(statements).where(where),
  ]);
  return { list: rows.map(summaryOf), total, detail: null };
}

function assertOpen(row: StatementRow) {
  if (row.status === 'superseded') throw new DomainError(STATEMENT_SUPERSEDED);
  if (row.status === 'confirmed') throw new DomainError(STATEMENT_CONFIRMED);
}

/** assign/right: the customer agrees (also withdrawing a dispute not yet answered). */
export async function confirmStatement(s: Services, userId: number, rid: string) {
  return s.db.transaction(async (tx) => {
    const row = await findOwnStatement(tx, userId, rid, true);
    assertOpen(row);
    const [updated] = await tx
      .update(statements)
      .set({
        status: 'confirmed',
        confirmedBy: 'customer',
        confirmedAt: new Date(s.now()),
        confirmDueAt: null,
      })
      .where(eq(statements.id, row.id))
      .returning();
    return detailOf(tx, updated);
  });
}

/**
 * assign/wrong: the customer disputes lines (by number; none means the statement as a whole)
 * with a reason. The automatic confirmation stops until staff answer.
 */
export async function disputeStatement(
  s: Services,
  userId: number,
  input: { rid: string; lines: number[]; reason: string },
) {
  return s.db.transaction(async (tx) => {
    const row = await findOwnStatement(tx, userId, input.rid, true);
    assertOpen(row);
    if (row.status === 'disputed') throw new DomainError(STATEMENT_DISPUTED);
    const lines = [...new Set(input.lines)].sort((a, b) => a - b);
    if (lines.length > 0) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(statementLines)
        .where(eq(statementLines.statementId, row.id));
      const wrong = lines.find((no) => no > n);
      if (wrong !== undefined) throw new DomainError(`对账单没有第${wrong}行明细`);
    }
    const [updated] = await tx
      .update(statements)
      .set({
        status: 'disputed',
        disputeReason: input.reason,
        disputeLines: lines,
        disputedAt: new Date(s.now()),
        confirmDueAt: null,
      })
      .where(eq(statements.id, row.id))
      .returning();
    return detailOf(tx, updated);
  });
}
