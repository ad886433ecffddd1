// 报告真伪查询 (issue 31, decision 0077): a report number and its 防伪码 answer whether that version
// is valid, replaced (with the current number) or revoked (with the reason), with a masked public
// summary and the signed PDF's SHA-256; anything else, a wrong code for a real number included,
// answers not_found. Rate-limited per address; every lookup is written to report_lookups.
import { sql, type SQL } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { rowsOf } from '../platform/db/client.ts';
import { proxiedAddress } from '../platform/http/client-ip.ts';
import { hitUpsert } from '../platform/rate-limit.ts';
import { batchedLookup } from '../platform/db/batch.ts';
import { DomainError } from '../platform/errors.ts';
import { codeHashOf } from './versions.ts';
import { reportLookups } from './tables.ts';
import { maskName, VERIFY_TOO_FAST, type VerifyState } from '../../shared/reports/verify.ts';
import type { VerifyAnswer, VerifyRequest, VersionSummary } from '../../shared/reports/versions.ts';

/** A person checks a report or two; a script guessing codes gets 30 tries a minute per address. */
const VERIFY_LIMIT = { limit: 30, seconds: 60 };

type Found = {
  id: number;
  report_no: string;
  status: VerifyState;
  revoke_reason: string | null;
  pdf_sha256: string;
  summary: VersionSummary;
  current_no: string | null;
};

/** The version a number and code hash name (none when the code is wrong), with its summary. */
const foundSql = (where: SQL) => sql`
  select v.id, v.report_no, v.code_hash, v.status, v.revoke_reason, v.pdf_sha256, v.summary,
         case when v.status = 'superseded' then
           (select l.report_no from report_versions l where l.report_id = v.report_id
             order by l.version desc limit 1) end as current_no
  from report_versions v
  where ${where}`;

/**
 * Answers one lookup (after the request was validated: a malformed code never gets here): counts
 * the address's hit and, within its limit, finds the version whose number and code hash match,
 * reads its summary (a small copy made at release, not the whole document) and, when replaced,
 * the report's latest number, and logs the lookup with its outcome. A public, unauthenticated
 * call (bench: p99 <= 100 ms at 50 connections on both databases).
 */
export async function verifyReport(s: Services, req: VerifyRequest, ip: string): Promise<VerifyAnswer> {
  const found = s.database.kind === 'pglite' ? await findEmbedded(s, req, ip) : await findShared(s, req, ip);
  if (!found) return { state: 'not_found', report_no: req.report_no };
  const answer: VerifyAnswer = {
    state: found.status,
    report_no: found.report_no,
    summary: { ...found.summary, report_no: found.report_no, customer: maskName(found.summary.customer) },
    sha256: found.pdf_sha256,
  };
  if (found.status === 'revoked') answer.revoke_reason = found.revoke_reason ?? '';
  if (found.status === 'superseded') answer.current_report_no = found.current_no ?? found.report_no;
  return answer;
}

/**
 * On PostgreSQL, shared by every app instance: one statement counts the hit in rate_limits, finds
 * the version and logs the lookup — one round trip.
 */
async function findShared(s: Services, req: VerifyRequest, ip: string): Promise<Found | undefined> {
  const hit = hitUpsert(s.db, `ip:report-verify:${ip}`, VERIFY_LIMIT.seconds, s.now());
  const hash = codeHashOf(req.report_no, req.code);
  const [row] = rowsOf<Partial<Found> & { allowed: boolean }>(
    await s.db.execute(sql`
      with hit as (${hit.getSQL()}),
      allowed as (select "count" <= ${VERIFY_LIMIT.limit} as ok from hit),
      found as (${foundSql(sql`v.report_no = ${req.report_no} and v.code_hash = ${hash} and (select ok from allowed)`)}),
      logged as (
        insert into report_lookups (at, ip, report_no, outcome, version_id)
        select ${new Date(s.now()).toISOString()}::timestamptz, ${ip.slice(0, 64)}, ${req.report_no},
               coalesce((select status from found), 'not_found'), (select id from found)
        where (select ok from allowed)
      )
      select (select ok from allowed) as allowed, found.* from (select 1) one left join found on true`),
  );
  if (!row.allowed) throw new DomainError(VERIFY_TOO_FAST, 200, 'RATE_LIMITED');
  return row.id === null || row.id === undefined ? undefined : (row as Found);
}

/**
 * On the embedded database this process is the only one, so the address's count is kept in memory
 * (the same window), and lookups arriving together are answered together (decision 0068's
 * `batchedLookup`): one statement finds the versions of a round's lookups, one writes their log
 * rows, and each answer waits for its own row. PGlite runs one statement at a time and plans each
 * anew (the combined statement above cost it 1.9 ms a lookup), so 50 waiting lookups cost two
 * statements instead of 50.
 */
async function findEmbedded(s: Services, req: VerifyRequest, ip: string): Promise<Found | undefined> {
  if (!hitInMemory(s, ip)) throw new DomainError(VERIFY_TOO_FAST, 200, 'RATE_LIMITED');
  const { find, log } = embeddedLookups(s);
  const found = await find(`${req.report_no} ${codeHashOf(req.report_no, req.code)}`);
  await log({
    at: new Date(s.now()),
    ip: ip.slice(0, 64),
    reportNo: req.report_no,
    outcome: found?.status ?? 'not_found',
    versionId: found?.id ?? null,
  });
  return found;
}

type LookupRow = typeof reportLookups.$inferInsert;
/** Per app (tests run several): the batched find (by "number hash") and log write. */
const lookups = new WeakMap<
  Services,
  { find: (key: string) => Promise<Found | undefined>; log: (row: LookupRow) => Promise<unknown> }
>();

function embeddedLookups(s: Services) {
  let made = lookups.get(s);
  if (!made) {
    made = {
      find: batchedLookup(async (keys: string[]) => {
        const pairs = sql.join(
          keys.map((k) => sql`(${k.slice(0, k.indexOf(' '))}, ${k.slice(k.indexOf(' ') + 1)})`),
          sql`, `,
        );
        const rows = rowsOf<Found & { code_hash: string }>(
          await s.db.execute(foundSql(sql`(v.report_no, v.code_hash) in (${pairs})`)),
        );
        return new Map(rows.map((r) => [`${r.report_no} ${r.code_hash}`, r]));
      }),
      // Each row is its own key: none is merged with another.
      log: batchedLookup(async (rows: LookupRow[]) => {
        await s.db.insert(reportLookups).values(rows);
        return new Map(rows.map((r) => [r, true]));
      }),
    };
    lookups.set(s, made);
  }
  return made;
}

/** Per app (tests run several): address → its window's count and end. */
const windows = new WeakMap<Services, Map<string, { count: number; resetAt: number }>>();

/** Counts one lookup of the address in its fixed window; false past the limit. */
function hitInMemory(s: Services, ip: string): boolean {
  const now = s.now();
  let byAddress = windows.get(s);
  if (!byAddress) windows.set(s, (byAddress = new Map()));
  if (byAddress.size > 10_000) for (const [k, w] of byAddress) if (w.resetAt <= now) byAddress.delete(k);
  const w = byAddress.get(ip);
  if (!w || w.resetAt <= now) {
    byAddress.set(ip, { count: 1, resetAt: now + VERIFY_LIMIT.seconds * 1000 });
    return true;
  }
  w.count++;
  return w.count <= VERIFY_LIMIT.limit;
}

/** The address of a page request (/verify), as clientIp reads an API call's. */
export function pageAddress(s: Services, peer: string | undefined, headers: Headers): string {
  const proxied = s.env.TRUST_PROXY ? proxiedAddress((name) => headers.get(name) ?? undefined) : undefined;
  return proxied?.slice(0, 64) ?? peer ?? 'unknown';
}
