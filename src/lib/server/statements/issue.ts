// Issuing statements: the monthly job's first version (exactly once per customer and month, by
// the unique key), staff's new versions, and the automatic confirmation of unanswered ones.
import { and, eq, lte, max, ne } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import type { Tx } from '../platform/db/client.ts';
import { statementLines, statements } from './tables.ts';
import { newRid } from '../platform/ids.ts';
import { DomainError } from '../platform/errors.ts';
import { enqueue } from '../platform/jobs.ts';
import { shanghaiMinute } from '../../shared/time.ts';
import { addMonth, isClosedMonth, monthBounds, monthText } from '../../shared/statements/statements.ts';
import { shanghaiMonth } from '../../shared/time.ts';
import { customersOf, groupsOf, isEmpty, type Built } from './build.ts';
import { buildFor, ownerColumns, ownerWhere, type Owner } from './owner.ts';
import type { StatementRow } from './view.ts';
import { userDirectory } from '../accounts/index.ts';

const customer = userDirectory('customer');

const DAY_MS = 86_400_000;

/** Periodic: makes sure last month's statements are queued (once: the job's unique key). */
export const STATEMENTS_MONTHLY = 'statements.monthly';
/** One month's statements for every customer with something to state. */
export const STATEMENTS_ISSUE = 'statements.issue';
/** Periodic: statements left unanswered past their date count as confirmed. */
export const STATEMENTS_AUTO_CONFIRM = 'statements.autoConfirm';

export const confirmDue = (s: Services, now: number) => new Date(now + s.env.STATEMENT_CONFIRM_DAYS * DAY_MS);

/** Writes one version with its frozen lines. */
async function insertVersion(
  tx: Tx,
  s: Services,
  input: { owner: Owner; month: string; version: number; built: Built; by: number | null; note: string },
  onConflict: 'skip' | 'fail',
): Promise<StatementRow | null> {
  const now = s.now();
  const f = input.built.figures;
  const insert = tx.insert(statements).values({
    rid: newRid('statement'),
    ...(await ownerColumns(tx, input.owner)),
    month: input.month,
    version: input.version,
    status: 'pending',
    ...f,
    issuedBy: input.by,
    issueNote: input.note,
    issuedAt: new Date(now),
    confirmDueAt: confirmDue(s, now),
  });
  const [row] = await (onConflict === 'skip' ? insert.onConflictDoNothing() : insert).returning();
  if (!row) return null;
  if (input.built.lines.length > 0)
    await tx
      .insert(statementLines)
      .values(input.built.lines.map((l, i) => ({ ...l, statementId: row.id, no: i + 1 })));
  return row;
}

/**
 * The monthly job's statement of one customer: version 1, or, when staff issued one before the
 * month ended (a statement to date), a final version superseding it. Skipped when the month's
 * statement exists already (another process or an earlier run made it) or there is nothing to state.
 */
async function issueFirst(s: Services, owner: Owner, month: string): Promise<StatementRow | null> {
  const built = await buildFor(s.db, owner, month);
  const made = isEmpty(built)
    ? null
    : await s.db.transaction((tx) =>
        insertVersion(tx, s, { owner, month, version: 1, built, by: null, note: '' }, 'skip'),
      );
  if (made) return made;
  const end = new Date(monthBounds(month).end);
  const [current] = await s.db
    .select({ issuedAt: statements.issuedAt })
    .from(statements)
    .where(and(ownerWhere(owner), eq(statements.month, month), ne(statements.status, 'superseded')));
  if (!current || current.issuedAt >= end) return null;
  return issueVersion(s, null, owner, month, '月结后重新出具', { onlyIfIssuedBefore: end });
}

/**
 * Staff issue a customer's statement of a month: the first one, or a new version that supersedes
 * the current one (kept, marked 已重开). `answer` closes a dispute on the old version. A month not
 * yet over gets a statement to date, which the monthly job replaces with the final one; a closed
 * month can no longer change while it is built. `staffId` null: the monthly job.
 */
export async function issueVersion(
  s: Services,
  staffId: number | null,
  owner: Owner,
  month: string,
  note: string,
  options: { answer?: { reply: string; expectId: number }; onlyIfIssuedBefore?: Date } = {},
): Promise<StatementRow | null> {
  const { answer, onlyIfIssuedBefore } = options;
  const now = s.now();
  if (month > shanghaiMonth(now)) throw new DomainError('不能为尚未开始的月份出具对账单');
  if (!isClosedMonth(month, now))
    note = [`截至 ${shanghaiMinute(now)} 的月中对账单，月结后将重新出具`, note].filter(Boolean).join('；');
  const built = await buildFor(s.db, owner, month);
  return s.db.transaction(async (tx) => {
    const at = new Date(now);
    const [current] = await tx
      .select()
      .from(statements)
      .where(and(ownerWhere(owner), eq(statements.month, month), ne(statements.status, 'superseded')))
      .for('update');
    // The job's final version: only while the statement to date is still the current one.
    if (onlyIfIssuedBefore && (!current || current.issuedAt >= onlyIfIssuedBefore)) return null;
    if (answer) {
      if (!current || current.id !== answer.expectId)
        throw new DomainError('该对账单已重新出具，请刷新后再试');
      if (current.status !== 'disputed') throw new DomainError('该对账单没有待答复的异议');
    }
    if (current)
      await tx
        .update(statements)
        .set({
          status: 'superseded',
          supersededAt: at,
          confirmDueAt: null,
          ...(answer ? { reply: answer.reply, repliedBy: staffId, repliedAt: at } : {}),
        })
        .where(eq(statements.id, current.id));
    const [{ last }] = await tx
      .select({ last: max(statements.version) })
      .from(statements)
      .where(and(ownerWhere(owner), eq(statements.month, month)));
    const row = await insertVersion(
      tx,
      s,
      { owner, month, version: (last ?? 0) + 1, built, by: staffId, note },
      'fail',
    );
    return row;
  });
}

/** The monthly check: on (or after) the 1st, queue last month's statements once. */
export async function queueMonthlyStatements(s: Services): Promise<void> {
  const now = s.now();
  const month = addMonth(shanghaiMonth(now), -1);
  await enqueue(
    s.db,
    [{ kind: STATEMENTS_ISSUE, payload: { month }, uniqueKey: `statements:${month}`, runAt: now }],
    now,
  );
}

/** Issues one month's statements, customers' and groups'; a rerun (after a crash) skips those made. */
export async function issueMonth(s: Services, month: string): Promise<number> {
  let made = 0;
  for (const userId of await customersOf(s.db, month))
    if (await issueFirst(s, { kind: 'user', userId }, month)) made++;
  for (const groupId of await groupsOf(s.db, month))
    if (await issueFirst(s, { kind: 'group', groupId }, month)) made++;
  if (made > 0) console.info(`[statements] ${monthText(month)}: ${made} issued`);
  return made;
}

/** Pending statements past their date become confirmed ('auto'); one statement, so once. */
export async function autoConfirm(s: Services): Promise<number> {
  const now = new Date(s.now());
  const rows = await s.db
    .update(statements)
    .set({ status: 'confirmed', confirmedBy: 'auto', confirmedAt: now })
    .where(and(eq(statements.status, 'pending'), lte(statements.confirmDueAt, now)))
    .returning({ id: statements.id });
  return rows.length;
}

/** A customer by public id or phone (staff's issue call). */
export async function customerOf(s: Services, ref: { user_rid?: string; phone?: string }) {
  const [u] = await s.db
    .select({ id: customer.id, rid: customer.rid })
    .from(customer)
    .where(ref.user_rid ? eq(customer.rid, ref.user_rid) : eq(customer.phone, ref.phone ?? ''));
  if (!u) throw new DomainError('客户不存在', 200, 'NOT_FOUND');
  return u;
}
