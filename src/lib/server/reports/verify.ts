// 报告真伪查询 (issue 31, decision 0077): a report number and its 防伪码 answer whether that version
// is valid, replaced (with the current number) or revoked (with the reason), with a masked public
// summary and the signed PDF's SHA-256; anything else, a wrong code for a real number included,
// answers not_found. Rate-limited per address; every lookup is written to report_lookups.
import { desc, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { proxiedAddress } from '../platform/http/client-ip.ts';
import { enforce } from '../accounts/index.ts';
import { reportLookups, reportVersions } from './tables.ts';
import { codeHashOf, codeMatches } from './versions.ts';
import { maskName, VERIFY_TOO_FAST, type VerifyState } from '../../shared/reports/verify.ts';
import type { VerifyAnswer, VerifyRequest } from '../../shared/reports/versions.ts';

/** A person checks a report or two; a script guessing codes gets 30 tries a minute per address. */
export const VERIFY_LIMIT = { limit: 30, seconds: 60 };

/** Answers one lookup (after the request was validated: a malformed code never gets here). */
export async function verifyReport(s: Services, req: VerifyRequest, ip: string): Promise<VerifyAnswer> {
  await enforce(s, `ip:report-verify:${ip}`, VERIFY_LIMIT, VERIFY_TOO_FAST);
  const [row] = await s.db
    .select({ v: reportVersions })
    .from(reportVersions)
    .where(eq(reportVersions.reportNo, req.report_no));
  // A number that does not exist costs the same hash as one that does.
  const found = row && codeMatches(row.v, req.code) ? row.v : undefined;
  if (!row) codeHashOf(req.report_no, req.code);
  const state: VerifyState = found ? found.status : 'not_found';
  await s.db.insert(reportLookups).values({
    at: new Date(s.now()),
    ip: ip.slice(0, 64),
    reportNo: req.report_no,
    outcome: state,
    versionId: found?.id ?? null,
  });
  if (!found) return { state: 'not_found', report_no: req.report_no };
  const doc = found.document;
  const answer: VerifyAnswer = {
    state,
    report_no: found.reportNo,
    summary: {
      lab: doc.lab.name,
      report_no: found.reportNo,
      issued_on: doc.issued_on,
      items: doc.items.map((i) => i.name),
      customer: maskName(doc.customer.organisation || doc.customer.name),
    },
    sha256: found.pdfSha256,
  };
  if (state === 'revoked') answer.revoke_reason = found.revokeReason ?? '';
  if (state === 'superseded') {
    const [latest] = await s.db
      .select({ reportNo: reportVersions.reportNo })
      .from(reportVersions)
      .where(eq(reportVersions.reportId, found.reportId))
      .orderBy(desc(reportVersions.version))
      .limit(1);
    answer.current_report_no = latest.reportNo;
  }
  return answer;
}

/** The address of a page request (/verify), as clientIp reads an API call's. */
export function pageAddress(s: Services, peer: string | undefined, headers: Headers): string {
  const proxied = s.env.TRUST_PROXY ? proxiedAddress((name) => headers.get(name) ?? undefined) : undefined;
  return proxied?.slice(0, 64) ?? peer ?? 'unknown';
}

