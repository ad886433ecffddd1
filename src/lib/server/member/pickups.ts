import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { samplings } from './tables.ts';

const customer = userDirectory('customer');

/** The pickup requests booked for a day (operations' pickup list), each with its customer; at most `cap`. */
export async function pickupRequestsOn(db: Db, date: string, cap: number) {
  return db
    .select({
      p: samplings,
      customer: { rid: customer.rid, phone: customer.phone, name: customer.name, company: customer.company },
    })
    .from(samplings)
    .innerJoin(customer, eq(customer.id, samplings.userId))
    .where(eq(samplings.date, date))
    .limit(cap);
}
