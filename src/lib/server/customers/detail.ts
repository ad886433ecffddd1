// A customer's page in the console (decision 0090): the profile, who invited them, the advisor
// and every assignment. Orders, money, groups and invoices come from their own domains' calls,
// each under its own permission.
import type { Db } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { findUserById, userIdByRid } from '../accounts/index.ts';
import { advisorOf, assignmentsOf } from './advisors.ts';
import type { CustomerDetail } from '../../shared/customers/customers.ts';

const CUSTOMER_NOT_FOUND = '客户不存在';

/** The customer a console call names by public id: their id, or 客户不存在. */
export async function customerByRid(db: Db, rid: string): Promise<{ id: number; rid: string }> {
  const id = await userIdByRid(db, rid);
  if (id === undefined) throw new DomainError(CUSTOMER_NOT_FOUND, 200, 'NOT_FOUND');
  return { id, rid };
}

export async function customerDetail(db: Db, rid: string): Promise<CustomerDetail> {
  const { id } = await customerByRid(db, rid);
  const u = (await findUserById(db, id))!;
  const [inviter, advisor, assignments] = await Promise.all([
    u.inviterId ? findUserById(db, u.inviterId) : undefined,
    advisorOf(db, id),
    assignmentsOf(db, id),
  ]);
  const region = [u.province, u.city === u.province ? '' : u.city, u.area, u.address]
    .filter(Boolean)
    .join('');
  return {
    rid: u.rid,
    name: u.name,
    phone: u.phone,
    email: u.email,
    organization: u.organization,
    company: u.company,
    teacher: u.teacher,
    teacher_phone: u.teacherPhone,
    teacher_mail: u.teacherMail,
    company_leader: u.companyLeader,
    company_leader_phone: u.companyLeaderPhone,
    address: region,
    created: u.createdAt.toISOString(),
    closed_at: u.closedAt?.toISOString() ?? null,
    inviter: inviter ? { rid: inviter.rid, name: inviter.name, phone: inviter.phone } : null,
    advisor,
    assignments,
  };
}
