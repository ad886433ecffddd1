// The console order page's 检测报告 (issue 31, decision 0077): every version of the order's report
// with who approved it and until when it is kept; 签发报告 (the first issue) and 修改 (the next
// version, with the reason the customer is told), 撤销 with a reason in a confirm dialog, and any
// version's signed PDF. Release and revoke need 审核 (results.review).
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { $session, consoleApi, consoleCall, notice, staffAction, type Me } from '../session.ts';
import { ApiError } from '../../lib/client/api.ts';
import { staffAdminApi } from '../../lib/shared/staff/api.ts';
import { REAUTH_MINUTES } from '../../lib/shared/staff/reauth.ts';
import { Badge, button, Field, FormModal, input, when } from '../ui.tsx';
import { reportsAdminApi } from '../../lib/shared/reports/api.ts';
import type { StaffReportListSchema, StaffReportVersion } from '../../lib/shared/reports/versions.ts';

type List = z.output<typeof StaffReportListSchema>;

const TONE = { valid: 'brand', superseded: 'hot', revoked: 'red' } as const;

/** Saves one version's signed PDF (a POST with the console's token; the answer is the file). */
async function savePdf(v: StaffReportVersion) {
  const res = await fetch(reportsAdminApi.pdf.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: JSON.stringify({ rid: v.rid }),
  }).catch(() => null);
  if (!res?.ok || !res.headers.get('content-type')?.includes('application/pdf')) {
    const msg = ((await res?.json().catch(() => null)) as { msg?: string } | null)?.msg;
    notice('error', msg || '下载失败');
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href: url, download: `检测报告-${v.report_no}.pdf` }).click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function OrderReports({
  order,
  me,
  onReleased,
}: {
  order: { rid: string; status: string };
  me: Me;
  /** The first release delivers the order (decision 0080): the page shows its new status. */
  onReleased?: () => unknown;
}) {
  const [data, setData] = useState<List | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [revoking, setRevoking] = useState<StaffReportVersion | null>(null);
  const [reason, setReason] = useState('');
  const reviewer = me.permissions.includes('results.review');

  const load = useCallback(async () => {
    const d = await consoleApi.call(reportsAdminApi.versions, { rid: order.rid }, { silent: true });
    if (d) setData(d);
  }, [order.rid]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!data) return null;

  const latest = data.list[0] ?? null;
  const canRelease = reviewer && data.can_release && order.status !== 'cancelled';

  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby="reports">
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 id="reports" className="text-sm font-semibold">
          检测报告
        </h2>
        {data.base_no && <span className="text-xs text-slate-500 tabular-nums">报告编号 {data.base_no}</span>}
        {canRelease && (
          <button type="button" className={`${button.primary} ml-auto`} onClick={() => setReleasing(true)}>
            {latest ? '修改报告（签发新版本）' : '签发报告'}
          </button>
        )}
      </div>
      {reviewer && !data.can_release && (
        <p className="mb-2 text-xs text-amber-700">
          只有「报告模板」中的授权签字人可以签发报告；如需签发，请联系编辑添加。
        </p>
      )}
      {data.list.length === 0 ? (
        <p className="text-sm text-slate-400">尚未签发报告</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm" aria-label="报告版本">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1.5 font-medium">报告编号</th>
                <th className="py-1.5 font-medium">状态</th>
                <th className="py-1.5 font-medium">签发</th>
                <th className="py-1.5 font-medium">说明</th>
                <th className="py-1.5 text-right font-medium">操作</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.list.map((v) => (
                <tr key={v.rid} data-report={v.report_no} className="align-top">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {v.report_no}
                    <span className="block text-xs text-slate-400" title={v.sha256}>
                      SHA-256 {v.sha256.slice(0, 12)}…
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={TONE[v.status]}>{v.status_text}</Badge>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                    {when(v.issued_at)}
                    <span className="block text-xs text-slate-500">
                      {v.approver} · 保存至 {v.retain_until}
                    </span>
                  </td>
                  <td className="py-2 pr-3 text-slate-600">
                    {v.change_reason && <span className="block">修改原因：{v.change_reason}</span>}
                    {v.replaced_by && <span className="block text-amber-700">已被 {v.replaced_by} 替换</span>}
                    {v.status === 'revoked' && (
                      <span className="block text-red-600">
                        撤销：{v.revoke_reason}（{v.revoked_by}，{when(v.revoked_at)}）
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    <button type="button" className={button.link} onClick={() => void savePdf(v)}>
                      下载
                    </button>
                    {reviewer && v.status === 'valid' && (
                      <button
                        type="button"
                        className={`${button.link} text-red-600 hover:bg-red-50`}
                        onClick={() => {
                          setReason('');
                          setRevoking(v);
                        }}
                      >
                        撤销
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {releasing && (
        <ReleaseDialog
          order={order}
          latest={latest}
          baseNo={data.base_no}
          onClose={() => setReleasing(false)}
          onReleased={() => {
            void load();
            void onReleased?.();
          }}
        />
      )}

      <FormModal
        open={revoking !== null}
        title={`撤销报告 ${revoking?.report_no ?? ''}`}
        submitText="撤销报告"
        danger
        onClose={() => setRevoking(null)}
        onSubmit={() =>
          staffAction<StaffReportVersion>(
            reportsAdminApi.revoke,
            { rid: revoking?.rid ?? '', reason },
            (v) => `报告 ${v.report_no} 已撤销，已通知客户`,
            load,
          )
        }
      >
        <p className="text-sm text-slate-600">
          撤销后该报告在「报告真伪查询」中显示为已撤销，客户不能再下载，且不可恢复。
        </p>
        <Field label="撤销原因（必填，将告知客户）">
          <textarea
            className={`${input} h-20 py-2`}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </FormModal>
    </section>
  );
}

/** 签发报告 / 修改: the approver's reason (for a revision), deviations and password. */
function ReleaseDialog({
  order,
  latest,
  baseNo,
  onClose,
  onReleased,
}: {
  order: { rid: string };
  latest: StaffReportVersion | null;
  baseNo: string | null;
  onClose: () => void;
  onReleased: () => void;
}) {
  const [reason, setReason] = useState('');
  const [deviations, setDeviations] = useState('');
  const [password, setPassword] = useState('');
  return (
    <FormModal
      open
      title={latest ? `修改报告：签发 ${baseNo ?? ''} 的新版本` : '签发报告'}
      submitText="签发"
      onClose={onClose}
      onSubmit={async () => {
        try {
          // The signer's password opens their signing window first (decision 0080).
          if (password)
            await consoleCall(staffAdminApi.reauth, { password, purpose: 'sign' }, { throws: true });
          const v = (await consoleCall(
            reportsAdminApi.release,
            { rid: order.rid, replaces: latest?.rid ?? null, reason, deviations },
            { throws: true },
          )) as StaffReportVersion & { code: string };
          notice('ok', `报告 ${v.report_no} 已签发（防伪码 ${v.code}），已通知客户`);
          onReleased();
          return null;
        } catch (e) {
          if (e instanceof ApiError && e.code === 'REAUTH_REQUIRED') return '请输入您的登录密码后再签发';
          return e instanceof Error ? e.message : '签发失败';
        }
      }}
    >
      {latest ? (
        <>
          <p className="text-sm text-slate-600">
            新版本将替换 {latest.report_no}（{latest.status_text}
            ），原版本标记为「已被替换」并链接到新版本；客户将立即收到通知。
          </p>
          <Field label="修改原因（必填，将告知客户）">
            <textarea
              className={`${input} h-20 py-2`}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </>
      ) : (
        <p className="text-sm text-slate-600">
          将根据已审核的结果生成报告并签名，签发后不可修改，只能签发新版本或撤销；客户将立即收到通知。
        </p>
      )}
      <Field label="偏离说明" hint="偏离方法或约定条件的情况，每行一条；没有偏离请留空，报告印「无」">
        <textarea
          className={`${input} h-16 py-2`}
          value={deviations}
          maxLength={1000}
          onChange={(e) => setDeviations(e.target.value)}
        />
      </Field>
      <Field label="登录密码" hint={`电子签名需确认本人身份；${REAUTH_MINUTES} 分钟内再次签发可不填`}>
        <input
          type="password"
          className={input}
          autoComplete="current-password"
          value={password}
          maxLength={128}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
