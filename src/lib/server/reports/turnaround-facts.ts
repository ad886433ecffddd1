// What the turnaround reports (analytics, decision 0083) read of reports: a published subquery.
import { sql, type SQL } from 'drizzle-orm';
import { reports, reportVersions } from './tables.ts';

/** Per order (of those `orderIds` selects) with a report: reported_at, when its first version was issued. */
export function turnaroundFirstReports(orderIds: SQL): SQL {
  return sql`select rp.order_id, min(v.issued_at) as reported_at
    from ${reports} rp join ${reportVersions} v on v.report_id = rp.id
    where rp.order_id in (${orderIds})
    group by rp.order_id`;
}
