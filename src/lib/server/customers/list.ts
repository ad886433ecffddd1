// The console's customer list (decision 0090): every customer (staff accounts left out), found by
// name, phone, organisation or PI, filtered by user type, registration dates and advisor, sorted on
// the server by any column, paged without counting the matches again on every page.
import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { staffDirectory } from '../staff/index.ts';
import { customerAdvisors } from './tables.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { addDays, shanghaiMidnight } from '../../shared/slots.ts';
import type { CustomerKind, CustomerListFilter, CustomerRow } from '../../shared/customers/customers.ts';

const c = userDirectory('c');
const adv = userDirectory('adv');
const sm = staffDirectory('sm');
/** The customer's PI, named with its alias: both directories in the statement have a "pi". */
const cPi = sql<string>`"c"."pi"`;

/** The organization codes of each 用户类型 filter (null: no profile yet). */
const KIND_CODES: Record<Exclude<CustomerKind, 'unset'>, number[]> = {
  institution: [0, 3],
  student: [0],
  teacher: [3],
  individual: [1],
  enterprise: [2],
};

const contains = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The conditions of a filter; `advisor: 'me'` is the staff member asking (我的客户). */
function conditions(f: CustomerListFilter, meId: number, advisorId: number | null | undefined): SQL[] {
  const where: SQL[] = [isNull(sm.userId)];
  if (f.q) {
    const p = contains(f.q);
    where.push(
      sql`(${c.phone} like ${p} or ${c.name} ilike ${p} or ${c.company} ilike ${p} or ${cPi} ilike ${p})`,
    );
  }
  if (f.kind === 'unset') where.push(isNull(c.organization));
  else if (f.kind) where.push(inArray(c.organization, KIND_CODES[f.kind]));
  if (f.date_from) where.push(gte(c.createdAt, new Date(shanghaiMidnight(f.date_from)!)));
  if (f.date_to) where.push(lt(c.createdAt, new Date(shanghaiMidnight(addDays(f.date_to, 1))!)));
  if (f.advisor === 'me') where.push(eq(customerAdvisors.advisorId, meId));
  else if (f.advisor === 'none') where.push(isNull(customerAdvisors.userId));
  else if (f.advisor) where.push(advisorId ? eq(customerAdvisors.advisorId, advisorId) : sql`false`);
  return where;
}

/** ORDER BY a column (registered newest first by default), then the id, so pages never overlap. */
function order(f: CustomerListFilter): SQL[] {
  const sort = f.sort ?? 'created';
  const dir = sql.raw(f.dir ?? (sort === 'created' ? 'desc' : 'asc'));
  const text = (e: unknown) => sql`nullif(${e}, '') ${dir} nulls last`;
  const key: Record<NonNullable<CustomerListFilter['sort']>, SQL> = {
    created: sql`${c.createdAt} ${dir}`,
    name: text(c.name),
    phone: sql`${c.phone} ${dir}`,
    company: text(c.company),
    pi: text(cPi),
    organization: sql`${c.organization} ${dir} nulls last`,
    advisor: text(sql`"adv"."name"`),
  };
  return [key[sort], sql`${c.id} ${dir}`];
}

/**
 * A row as read. drizzle types the columns of a subquery that a left join follows as never, so the
 * rows are named here (the values are the columns' own, decoded as usual).
 */
type Row = Omit<CustomerRow, 'created' | 'closed' | 'advisor'> & {
  createdAt: Date;
  closedAt: Date | null;
  advisor: CustomerRow['advisor'] | { rid: null };
};

/**
 * A page of customers. The page reads one row more than it shows (`more`); the matches are
 * counted for the first page only, which is when a filter or sort changes (decision 0090).
 */
export async function listCustomers(
  db: Db,
  meId: number,
  f: CustomerListFilter,
  advisorId?: number | null,
): Promise<{ list: CustomerRow[]; total: number | null; more: boolean }> {
  const w = pageWindow(f.page, f.size);
  const where = and(...conditions(f, meId, advisorId));
  const [rows, total] = await Promise.all([
    db
      .select({
        rid: c.rid,
        name: c.name,
        phone: c.phone,
        company: c.company,
        organization: c.organization,
        pi: cPi,
        createdAt: c.createdAt,
        closedAt: c.closedAt,
        advisor: { rid: adv.rid, name: adv.name, phone: adv.phone },
      })
      .from(c)
      .leftJoin(sm, eq(sm.userId, c.id))
      .leftJoin(customerAdvisors, eq(customerAdvisors.userId, c.id))
      .leftJoin(adv, eq(adv.id, customerAdvisors.advisorId))
      .where(where)
      .orderBy(...order(f))
      .limit(w.size + 1)
      .offset(w.offset) as unknown as Promise<Row[]>,
    w.page === 1
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(c)
          .leftJoin(sm, eq(sm.userId, c.id))
          .leftJoin(customerAdvisors, eq(customerAdvisors.userId, c.id))
          .where(where)
          .then(([r]) => r.n)
      : null,
  ]);
  return {
    list: rows.slice(0, w.size).map((r) => ({
      rid: r.rid,
      name: r.name,
      phone: r.phone,
      company: r.company,
      organization: r.organization,
      pi: r.pi,
      created: r.createdAt.toISOString(),
      closed: r.closedAt !== null,
      advisor: r.advisor?.rid ? (r.advisor as CustomerRow['advisor']) : null,
    })),
    total,
    more: rows.length > w.size,
  };
}

/** Whether a filter's advisor is another staff member's public id (not 'me' or 'none'). */
export const namesAdvisor = (f: CustomerListFilter) =>
  Boolean(f.advisor) && !['me', 'none'].includes(f.advisor!);
