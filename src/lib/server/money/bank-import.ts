// Bank statement import (decision 0088): finance's CSV export of the lab's account read into rows
// (kept once each, however often a file is imported), each open row matched against the top-ups
// waiting for review, and finance's confirmation crediting the top-up through its approval.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Db } from '../platform/db/client.ts';
import { bankImports, bankRows, prestoreApplications } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { fenToYuan } from '../../shared/money.ts';
import { BANK_FORMAT_TEXT, BANK_ROW_STATUS_TEXT } from '../../shared/money/bank.ts';
import { customerRef, userDirectory } from '../accounts/index.ts';
import { decodeBankFile, parseBankStatement } from './bank-file.ts';
import { MATCH_REASON_TEXT, matchRow, type MatchCandidate, type Scored } from './bank-match.ts';
import { moneyTransaction } from './ledger.ts';
import { approveLocked, lockForReview, peekApplication } from './prestore-review.ts';
import { prestoreOut, type Application } from './prestore.ts';

const customer = userDirectory('customer');
const customerCols = {
  rid: customer.rid,
  phone: customer.phone,
  name: customer.name,
  company: customer.company,
};

type BankRow = typeof bankRows.$inferSelect;
type Candidate = MatchCandidate & { app: Application; customer: ReturnType<typeof customerRef> };

/**
 * Imports a statement file. The same bytes again answer the first import (`repeated`); rows
 * already known from another file are skipped by their key, so a transfer is one row for ever.
 */
export async function importBankFile(
  s: Services,
  staffId: number,
  file: { name: string; bytes: Uint8Array },
) {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const parsed = parseBankStatement(decodeBankFile(file.bytes));
  if (parsed.rows.length === 0 && parsed.outgoing === 0)
    throw new DomainError('文件中没有可识别的交易明细，请确认导出的是账户明细');
  const answer = async (imp: typeof bankImports.$inferSelect, repeated: boolean) => ({
    rid: imp.rid,
    file_name: imp.fileName,
    format: parsed.format,
    format_text: BANK_FORMAT_TEXT[parsed.format],
    repeated,
    rows: parsed.rows.length,
    new_rows: repeated ? 0 : imp.newCount,
    proposed: repeated ? 0 : await proposedCount(s.db, imp.id),
    outgoing: parsed.outgoing,
    skipped: parsed.skipped.slice(0, 50),
  });
  const [before] = await s.db.select().from(bankImports).where(eq(bankImports.sha256, sha256));
  if (before) return answer(before, true);
  try {
    const imp = await s.db.transaction(async (tx) => {
      const now = new Date(s.now());
      const [row] = await tx
        .insert(bankImports)
        .values({
          rid: newRid('bankImport'),
          sha256,
          fileName: file.name.slice(0, 200) || '银行流水.csv',
          format: parsed.format,
          rowCount: parsed.rows.length,
          newCount: 0,
          importedBy: staffId,
          importedAt: now,
        })
        .returning();
      const added = parsed.rows.length
        ? await tx
            .insert(bankRows)
            .values(parsed.rows.map((r) => ({ ...r, rid: newRid('bankRow'), importId: row.id })))
            .onConflictDoNothing({ target: bankRows.rowKey })
            .returning({ id: bankRows.id })
        : [];
      const [done] = await tx
        .update(bankImports)
        .set({ newCount: added.length })
        .where(eq(bankImports.id, row.id))
        .returning();
      return done;
    });
    return answer(imp, false);
  } catch (error) {
    // The same file sent twice at once: the other import holds it.
    if (!isUniqueViolation(error)) throw error;
    const [other] = await s.db.select().from(bankImports).where(eq(bankImports.sha256, sha256));
    if (!other) throw error;
    return answer(other, true);
  }
}

async function proposedCount(db: Db, importId: number) {
  const rows = await db
    .select()
    .from(bankRows)
    .where(and(eq(bankRows.importId, importId), eq(bankRows.status, 'open')));
  const match = await matcher(db, rows);
  return rows.filter((r) => match(r).proposed).length;
}

/**
 * The top-ups waiting for review with the same amount as some rows, with their customers, and
 * the accounts each customer paid from before (rows confirmed against their top-ups).
 */
async function matcher(db: Db, rows: BankRow[]) {
  const amounts = [...new Set(rows.filter((r) => r.status === 'open').map((r) => r.amountFen))];
  const apps = amounts.length
    ? await db
        .select({ a: prestoreApplications, c: customerCols })
        .from(prestoreApplications)
        .innerJoin(customer, eq(customer.id, prestoreApplications.userId))
        .where(
          and(eq(prestoreApplications.status, 'reviewing'), inArray(prestoreApplications.amountFen, amounts)),
        )
    : [];
  const candidates: Candidate[] = apps.map(({ a, c }) => ({
    id: a.id,
    rid: a.rid,
    userId: a.userId,
    amountFen: a.amountFen,
    payer: a.payer,
    voucher: a.voucher ?? null,
    app: a,
    customer: customerRef(c),
  }));
  const userIds = [...new Set(candidates.map((c) => c.userId))];
  const known = userIds.length
    ? await db
        .selectDistinct({ userId: prestoreApplications.userId, account: bankRows.payerAccount })
        .from(bankRows)
        .innerJoin(prestoreApplications, eq(prestoreApplications.id, bankRows.prestoreId))
        .where(
          and(
            inArray(prestoreApplications.userId, userIds),
            eq(bankRows.status, 'linked'),
            ne(bankRows.payerAccount, ''),
          ),
        )
    : [];
  const accounts = new Map<number, Set<string>>();
  for (const k of known) accounts.set(k.userId, (accounts.get(k.userId) ?? new Set()).add(k.account));
  const none = new Set<string>();
  return (row: BankRow) =>
    row.status === 'open'
      ? matchRow(row, candidates, (id) => accounts.get(id) ?? none)
      : { fits: [] as Scored<Candidate>[], proposed: null };
}

const candidateOut = (f: Scored<Candidate>) => ({
  ...prestoreOut(f.candidate.app),
  customer: f.candidate.customer,
  score: f.score,
  reasons: f.reasons.map((r) => MATCH_REASON_TEXT[r]),
});

/** Rows as bank/rows answers them: open ones with their fits, linked ones with their top-up. */
async function rowsOut(db: Db, rows: { r: BankRow; fileName: string }[]) {
  const match = await matcher(
    db,
    rows.map((r) => r.r),
  );
  const linkedIds = rows.map((r) => r.r.prestoreId).filter((id): id is number => id !== null);
  const linked = linkedIds.length
    ? await db
        .select({ a: prestoreApplications, c: customerCols })
        .from(prestoreApplications)
        .innerJoin(customer, eq(customer.id, prestoreApplications.userId))
        .where(inArray(prestoreApplications.id, linkedIds))
    : [];
  const byId = new Map(linked.map((l) => [l.a.id, { ...prestoreOut(l.a), customer: customerRef(l.c) }]));
  return rows.map(({ r, fileName }) => {
    const m = match(r);
    return {
      rid: r.rid,
      line: r.line,
      booked_on: r.bookedOn,
      booked_time: r.bookedTime,
      amount_fen: r.amountFen,
      payer_name: r.payerName,
      payer_account: r.payerAccount,
      payer_bank: r.payerBank,
      remark: r.remark,
      serial: r.serial,
      status: r.status,
      status_text: BANK_ROW_STATUS_TEXT[r.status],
      note: r.note,
      decided: r.decidedAt?.toISOString() ?? null,
      file_name: fileName,
      proposed: m.proposed ? candidateOut(m.proposed) : null,
      candidates: m.fits.map(candidateOut),
      prestore: r.prestoreId === null ? null : (byId.get(r.prestoreId) ?? null),
    };
  });
}

/** bank/rows: a page of rows, newest booking first, open ones with their matches. */
export async function listBankRows(
  s: Services,
  q: { page?: number; size?: number; status?: BankRow['status']; match?: 'proposed' | 'none' },
) {
  const w = pageWindow(q.page, q.size);
  const where = q.status ? eq(bankRows.status, q.status) : undefined;
  // A filter on the match reads every open row (matches are worked out, not stored): open rows are
  // the few waiting for finance, not the account's history.
  const all = q.match !== undefined;
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ r: bankRows, fileName: bankImports.fileName })
      .from(bankRows)
      .innerJoin(bankImports, eq(bankImports.id, bankRows.importId))
      .where(where)
      .orderBy(desc(bankRows.bookedOn), desc(bankRows.id))
      .limit(all ? 10_000 : w.size)
      .offset(all ? 0 : w.offset),
    s.db.select({ total: count() }).from(bankRows).where(where),
  ]);
  let list = await rowsOut(s.db, rows);
  if (!all) return { list, total };
  list = list.filter((r) => (q.match === 'proposed' ? r.proposed !== null : r.candidates.length === 0));
  return { list: list.slice(w.offset, w.offset + w.size), total: list.length };
}

async function findRow(db: Db, rid: string) {
  const [row] = await db.select().from(bankRows).where(eq(bankRows.rid, rid));
  if (!row) throw new DomainError('银行流水不存在', 200, 'NOT_FOUND');
  return row;
}

/**
 * bank/confirm: the row pays the top-up. Under the wallet's lock (the one lock order), then the
 * application's and the row's, the top-up is approved as finance approves it (a large one takes a
 * second person: the first confirmation records who) and the row names it. A row names one
 * top-up and a top-up one row, so a transfer credits once, however often its file comes back.
 */
export async function confirmBankRow(
  s: Services,
  staffId: number,
  input: { rid: string; prestore_rid: string; note: string },
) {
  const peekRow = await findRow(s.db, input.rid);
  const peek = await peekApplication(s.db, input.prestore_rid);
  return moneyTransaction(s.db, async (tx) => {
    const { row: app } = await lockForReview(tx, peek, 'reviewing');
    const [row] = await tx.select().from(bankRows).where(eq(bankRows.id, peekRow.id)).for('update');
    if (row.status === 'ignored') throw new DomainError('该流水已忽略，不能入账');
    if (row.prestoreId !== null && row.prestoreId !== app.id)
      throw new DomainError('该流水已对应另一笔预存申请', 200, 'CONFLICT');
    if (row.amountFen !== app.amountFen)
      throw new DomainError(
        `流水金额 ${fenToYuan(row.amountFen)} 元与预存金额 ${fenToYuan(app.amountFen)} 元不一致`,
      );
    const [other] = await tx
      .select({ id: bankRows.id })
      .from(bankRows)
      .where(and(eq(bankRows.prestoreId, app.id), ne(bankRows.id, row.id), isNotNull(bankRows.prestoreId)));
    if (other) throw new DomainError('该预存申请已与另一条银行流水对应', 200, 'CONFLICT');
    const note =
      input.note ||
      `银行流水入账 ${fenToYuan(app.amountFen)} 元（${row.bookedOn} ${row.payerName}${row.serial ? `，流水号 ${row.serial}` : ''}）`;
    const approved = await approveLocked(tx, s, staffId, app, note);
    await tx
      .update(bankRows)
      .set({ status: 'linked', prestoreId: app.id, decidedBy: staffId, decidedAt: new Date(s.now()) })
      .where(eq(bankRows.id, row.id));
    return approved;
  });
}

/** bank/ignore: a row that is no top-up (a refund, another payment), set aside with a reason. */
export async function ignoreBankRow(s: Services, staffId: number, input: { rid: string; reason: string }) {
  const peek = await findRow(s.db, input.rid);
  const [row] = await s.db
    .update(bankRows)
    .set({ status: 'ignored', note: input.reason, decidedBy: staffId, decidedAt: new Date(s.now()) })
    .where(and(eq(bankRows.id, peek.id), eq(bankRows.status, 'open')))
    .returning();
  if (!row) throw new DomainError('只有待处理的流水可以忽略');
  const [file] = await s.db
    .select({ fileName: bankImports.fileName })
    .from(bankImports)
    .where(eq(bankImports.id, row.importId));
  const [out] = await rowsOut(s.db, [{ r: row, fileName: file.fileName }]);
  return out;
}
