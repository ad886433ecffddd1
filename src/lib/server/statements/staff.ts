// Staff's side (/api/admin/statement/*): find statements, see one with its versions, issue or
// reissue a customer's month, answer a dispute (the statement stands, or a new version).
import { and, count, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { statements } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { customerRef, userDirectory } from '../accounts/index.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { STATEMENT_NOT_FOUND, type StatementStatus } from '../../shared/statements/statements.ts';
import { confirmDue, customerOf, issueVersion } from './issue.ts';
import { detailOf, groupsOfRows, summaryOf, type StatementRow } from './view.ts';
import { ownerOf, ownerWhere, type Owner } from './owner.ts';
import { groupDirectory } from '../groups/index.ts';

const customer = userDirectory('customer');
const customerCols = {
  rid: customer.rid,
  phone: customer.phone,
  name: customer.name,
  company: customer.company,
};

const researchGroup = groupDirectory('researchGroup');

export async function staffList(
  s: Services,
  q: {
    page?: number;
    size?: number;
    status?: StatementStatus;
    month?: string;
    phone?: string;
    owner?: 'customer' | 'group';
  },
) {
  const w = pageWindow(q.page, q.size);
  const where = and(
    q.owner === 'customer'
      ? isNull(statements.groupId)
      : q.owner === 'group'
        ? isNotNull(statements.groupId)
        : undefined,
    q.status ? eq(statements.status, q.status) : ne(statements.status, 'superseded'),
    q.month ? eq(statements.month, q.month) : undefined,
    q.phone ? eq(customer.phone, q.phone) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    s.db
      .select({ st: statements, customer: customerCols })
      .from(statements)
      .innerJoin(customer, eq(customer.id, statements.userId))
      .where(where)
      .orderBy(desc(statements.month), desc(statements.id))
      .limit(w.size)
      .offset(w.offset),
    s.db
      .select({ total: count() })
      .from(statements)
      .innerJoin(customer, eq(customer.id, statements.userId))
      .where(where),
  ]);
  const groups = await groupsOfRows(
    s.db,
    rows.map((r) => r.st),
  );
  return {
    list: rows.map((r) => ({ ...summaryOf(r.st, groups), customer: customerRef(r.customer) })),
    total,
  };
}

async function byRid(s: Services, rid: string) {
  const [row] = await s.db
    .select({ st: statements, customer: customerCols })
    .from(statements)
    .innerJoin(customer, eq(customer.id, statements.userId))
    .where(eq(statements.rid, rid));
  if (!row) throw new DomainError(STATEMENT_NOT_FOUND, 200, 'NOT_FOUND');
  return row;
}

export async function staffDetail(s: Services, rid: string) {
  const { st, customer } = await byRid(s, rid);
  return detailWithVersions(s, st, customer);
}

async function detailWithVersions(
  s: Services,
  st: StatementRow,
  customer: Parameters<typeof customerRef>[0],
) {
  const versions = await s.db
    .select()
    .from(statements)
    .where(and(ownerWhere(ownerOf(st)), eq(statements.month, st.month)))
    .orderBy(desc(statements.version));
  const groups = await groupsOfRows(s.db, [st]);
  return {
    ...(await detailOf(s.db, st)),
    customer: customerRef(customer),
    versions: versions.map((v) => summaryOf(v, groups)),
  };
}

/**
 * statement/issue: a customer's (or, with `group_rid`, a research group's) statement of a month,
 * as a new version if one exists.
 */
export async function staffIssue(
  s: Services,
  staffId: number,
  input: { user_rid?: string; phone?: string; group_rid?: string; month: string; note: string },
) {
  const row = await issueVersion(s, staffId, await ownerFor(s, input), input.month, input.note);
  return staffDetail(s, row!.rid);
}

async function ownerFor(s: Services, input: { user_rid?: string; phone?: string; group_rid?: string }) {
  if (!input.group_rid) return { kind: 'user', userId: (await customerOf(s, input)).id } satisfies Owner;
  const [g] = await s.db
    .select({ id: researchGroup.id })
    .from(researchGroup)
    .where(eq(researchGroup.rid, input.group_rid));
  if (!g) throw new DomainError('课题组不存在', 200, 'NOT_FOUND');
  return { kind: 'group', groupId: g.id } satisfies Owner;
}

/**
 * statement/answer: staff reply to a dispute. With `reissue` a new version is built from the
 * records as they are now (the old one kept, superseded, with the reply); without, the statement
 * stands and waits for the customer again, with a fresh confirmation period.
 */
export async function staffAnswer(
  s: Services,
  staffId: number,
  input: { rid: string; reply: string; reissue: boolean },
) {
  const { st } = await byRid(s, input.rid);
  if (input.reissue) {
    const row = await issueVersion(s, staffId, ownerOf(st), st.month, `根据异议重新出具：${input.reply}`, {
      answer: { reply: input.reply, expectId: st.id },
    });
    return staffDetail(s, row!.rid);
  }
  await s.db.transaction(async (tx) => {
    const [row] = await tx.select().from(statements).where(eq(statements.id, st.id)).for('update');
    if (row.status !== 'disputed') throw new DomainError('该对账单没有待答复的异议');
    const now = s.now();
    await tx
      .update(statements)
      .set({
        status: 'pending',
        reply: input.reply,
        repliedBy: staffId,
        repliedAt: new Date(now),
        confirmDueAt: confirmDue(s, now),
      })
      .where(eq(statements.id, st.id));
  });
  return staffDetail(s, st.rid);
}
