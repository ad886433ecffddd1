// What the turnaround reports (analytics, decision 0083) read of results: published subqueries,
// so analytics never names the results' tables.
import { sql, type SQL } from 'drizzle-orm';
import { resultEntries, results } from './tables.ts';

/**
 * Who and what produced an order's results, from their entries: (order_id, key, label) for each
 * instrument (the catalogue device's rid, else its name as entered) or each technician.
 */
export function turnaroundResultPeople(orderIds: SQL, by: 'instrument' | 'technician'): SQL {
  const [key, label] =
    by === 'instrument'
      ? [sql`coalesce(e.instrument_rid, e.instrument)`, sql`e.instrument`]
      : [sql`e.technician_id::text`, sql`e.technician_name`];
  return sql`select distinct r.order_id, ${key} as key, ${label} as label
    from ${resultEntries} e join ${results} r on r.id = e.result_id
    where r.order_id in (${orderIds}) and ${key} <> ''`;
}
