// The customer's side: read statements, confirm one (assign/right) or dispute lines of it
// (assign/wrong). Each change locks the statement row, so a confirmation and a dispute sent at
// once, or a dispute racing staff's reissue, are applied one after the other.
import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { statementLines, statements } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import {
  STATEMENT_CONFIRMED,
  STATEMENT_DISPUTED,
  STATEMENT_NOT_FOUND,
  STATEMENT_SUPERSEDED,
  type StatementStatus,
} from '../../shared/statements/statements.ts';
import { detailOf, groupsOfRows, summaryOf, type StatementRow } from './view.ts';
import { ownerOf, ownerWhere, type Owner } from './owner.ts';
import { managedGroup, managesGroup } from '../groups/index.ts';

const notFound = () => new DomainError(STATEMENT_NOT_FOUND, 200, 'NOT_FOUND');

/**
 * A statement the customer answers for (any version): their own, or a research group's they lead
 * or assist (decision 0046). Anyone else's reads as not found.
 */
export async function findOwnStatement(db: Services['db'] | Tx, userId: number, rid: string, lock = false) {
  const q = db.select().from(statements).where(eq(statements.rid, rid));
  const [row] = lock ? await q.for('update') : await q;
  const mine =
    row && (row.groupId === null ? row.userId === userId : await managesGroup(db, row.groupId, userId));
  if (!mine) throw notFound();
  return row;
}

/**
 * assign/statement: the current statement of each month, newest first (superseded versions are
 * left out); with `rid`, that statement with its lines, and every version of its month as the list.
 */
export async function listMine(
  s: Services,
  userId: number,
  q: { page?: number; size?: number; status?: StatementStatus; rid?: string; group_rid?: string },
) {
  if (q.rid) {
    const row = await findOwnStatement(s.db, userId, q.rid);
    const versions = await s.db
      .select()
      .from(statements)
      .where(and(ownerWhere(ownerOf(row)), eq(statements.month, row.month)))
      .orderBy(desc(statements.version));
    const groups = await groupsOfRows(s.db, [row]);
    return {
      list: versions.map((v) => summaryOf(v, groups)),
      total: versions.length,
      detail: await detailOf(s.db, row),
    };
  }
  const owner: Owner = q.group_rid
    ? { kind: 'group', groupId: (await managedGroup(s.db, q.group_rid, userId)).id }
    : { kind: 'user', userId };
  const w = pageWindow(q.page, q.size);
  const where = and(
    ownerWhere(owner),
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
  const groups = await groupsOfRows(s.db, rows);
  return { list: rows.map((r) => summaryOf(r, groups)), total, detail: null };
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

/**
 * For an invoice over a statement (decision 0030): the orders a current, confirmed statement of
 * the customer's lists — its month's and those still owed from before.
 */
export async function statementOrdersForInvoice(db: Services['db'] | Tx, userId: number, rid: string) {
  const row = await findOwnStatement(db, userId, rid);
  // A group's wallet holds money its members brought in; it is invoiced where it came in.
  if (row.groupId !== null) throw new DomainError('课题组对账单不能开票：转入课题组的款项由转入人按预存开票');
  if (row.status === 'superseded') throw new DomainError(STATEMENT_SUPERSEDED);
  if (row.status !== 'confirmed') throw new DomainError('对账单确认后才能按对账单开票');
  const lines = await db
    .selectDistinct({ orderRid: statementLines.orderRid })
    .from(statementLines)
    .where(
      and(
        eq(statementLines.statementId, row.id),
        inArray(statementLines.kind, ['order', 'owed']),
        isNotNull(statementLines.orderRid),
      ),
    );
  return { id: row.id, orderRids: lines.map((l) => l.orderRid!) };
}

/** The statement an invoice application was made over, as its detail names it. */
export async function statementRefOf(db: Services['db'] | Tx, id: number) {
  const [row] = await db
    .select({ rid: statements.rid, month: statements.month, version: statements.version })
    .from(statements)
    .where(eq(statements.id, id));
  return row;
}
