// The order page's 检测报告 (issue 31, decision 0077): every version of the order's report, newest
// first, with its state in words (有效 / 已被替换 by which number / 已撤销 and why), why a revision
// was issued, the signed PDF to download (not once revoked) and its SHA-256, and a link to
// 报告真伪查询; before the first version, where it will be. The inbox message links here (#reports).
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { saveFile } from '../../lib/client/download.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { reportsApi } from '../../lib/shared/reports/api.ts';
import type { ReportVersion, VersionStatus } from '../../lib/shared/reports/versions.ts';

const BADGE: Record<VersionStatus, string> = {
  valid: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  superseded: 'bg-amber-50 text-amber-800 ring-amber-200',
  revoked: 'bg-red-50 text-red-700 ring-red-200',
};

export function Reports({ rid, refresh }: { rid: string; refresh?: unknown }) {
  const [list, setList] = useState<ReportVersion[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    void api.call(reportsApi.list, { rid }, { silent: true }).then((r) => setList(r?.list ?? []));
  }, [rid, refresh]);
  const shown = Boolean(list?.length);
  useEffect(() => {
    if (shown && location.hash === '#reports') ref.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  if (!list) return null;

  async function download(v: ReportVersion) {
    setBusy(v.rid);
    await saveFile(pathOf(reportsApi.pdf, { rid: v.rid }), `检测报告-${v.report_no}.pdf`);
    setBusy(null);
  }

  return (
    <section id="reports" ref={ref} aria-labelledby="reports-title" className="card scroll-mt-20 p-4 md:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reports-title" className="text-base font-semibold text-slate-900">
          检测报告
        </h2>
        <a href="/verify" className="text-sm text-brand-700 hover:underline">
          报告真伪查询
        </a>
      </div>
      {list.length === 0 && (
        <p className="text-sm text-slate-500">检测报告签发后，可在这里下载经签名的报告 PDF</p>
      )}
      <ul className="grid gap-3" aria-label="报告版本" hidden={list.length === 0}>
        {list.map((v) => (
          <li
            key={v.rid}
            data-report={v.report_no}
            className={`rounded-lg border p-3 ${v.status === 'valid' ? 'border-emerald-200' : 'border-slate-200 bg-slate-50/60'}`}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span className="font-medium break-all text-slate-900 tabular-nums">{v.report_no}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs ring-1 ${BADGE[v.status]}`}>
                {v.status_text}
              </span>
              <span className="text-xs text-slate-500 tabular-nums">
                签发于 {shanghaiMinute(v.issued_at)}
              </span>
              {v.status !== 'revoked' && (
                <button
                  type="button"
                  className="btn-ghost ml-auto h-8 px-3 text-sm"
                  disabled={busy !== null}
                  onClick={() => void download(v)}
                  aria-label={`下载报告 ${v.report_no}`}
                >
                  下载 PDF
                </button>
              )}
            </div>
            <div className="mt-1.5 grid gap-0.5 text-sm text-slate-600">
              {v.change_reason && <p>修改原因：{v.change_reason}</p>}
              {v.status === 'superseded' && v.replaced_by && (
                <p className="text-amber-800">已被 {v.replaced_by} 替换，请使用新版本。</p>
              )}
              {v.status === 'revoked' && (
                <p className="text-red-700">已撤销：{v.revoke_reason}。该报告不再有效，不能下载。</p>
              )}
              <p className="text-xs break-all text-slate-400">SHA-256：{v.sha256}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
