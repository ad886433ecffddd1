import { useState, type FormEvent } from 'react';
import { Spinner, TextField, textareaClass, Row } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiMinute } from '../../lib/shared/time.ts';
import { promoterApplySchema } from '../../lib/shared/promotion/promotion.ts';
import { promotionApi } from '../../lib/shared/promotion/api.ts';
import type { Mine } from './types.ts';

/** Not a promoter yet (or rejected): what it brings, and the application. */
export default function Apply({ mine, onDone }: { mine: Mine; onDone: () => void }) {
  const app = mine.application;
  const [form, setForm] = useState({
    real_name: app?.real_name ?? '',
    channel: app?.channel ?? '',
    note: '',
  });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = promoterApplySchema.safeParse(form);
    if (!checked.success) return toast.error(checked.error.issues[0].message);
    setBusy(true);
    const res = await api.call(promotionApi.apply, checked.data);
    setBusy(false);
    if (res) {
      toast.success('提交成功!');
      onDone();
    }
  }
  if (mine.promoter_status === 'pending')
    return (
      <section className="card p-6 text-center" aria-label="推广员申请">
        <p className="text-lg font-semibold text-slate-900">推广员申请审核中</p>
        <p className="mt-2 text-sm text-slate-500">
          已于 {app ? shanghaiMinute(app.applied_at) : ''} 提交，工作人员将在 1-2 个工作日内审核。
        </p>
        <a href="/member/invite" className="btn-primary mt-4 inline-flex">
          先去邀请好友
        </a>
      </section>
    );
  return (
    <section className="card grid gap-5 p-4 md:grid-cols-2 md:p-6" aria-labelledby="apply-title">
      <div>
        <h2 id="apply-title" className="text-lg font-semibold text-slate-900">
          成为推广员
        </h2>
        <ul className="mt-3 grid gap-2 text-sm leading-relaxed text-slate-600">
          <li>
            · 好友通过您的邀请注册后 {mine.bind_months} 个月内完成的订单，您可获得实付金额{' '}
            {mine.rate_percent_text} 的返利；
          </li>
          <li>
            · 返利在订单完成后入账，冻结 {mine.freeze_days} 天（退款期）后可提现；订单退款时相应返利将被扣回；
          </li>
          <li>
            · 提现支持银行卡、支付宝、微信，单笔不低于 {formatFen(mine.withdraw_min_fen)}，每月最多{' '}
            {formatFen(mine.monthly_cap_fen)}；
          </li>
          <li>· 赠送金和优惠券抵扣部分不计返利。</li>
        </ul>
        {mine.promoter_status === 'rejected' && app && (
          <p role="status" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            上次申请未通过：{app.reject_reason}。您可以修改后重新提交。
          </p>
        )}
      </div>
      <form onSubmit={(e) => void submit(e)} className="grid content-start gap-3" aria-label="推广员申请表">
        <TextField
          label="真实姓名"
          required
          name="real_name"
          maxLength={20}
          value={form.real_name}
          onChange={(e) => setForm({ ...form, real_name: e.target.value })}
        />
        <TextField
          label="推广渠道"
          required
          name="channel"
          maxLength={100}
          placeholder="如：课题组微信群、学院公众号"
          value={form.channel}
          onChange={(e) => setForm({ ...form, channel: e.target.value })}
        />
        <Row label="申请说明" htmlFor="apply-note">
          <textarea
            id="apply-note"
            className={textareaClass}
            maxLength={300}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        </Row>
        <div className="sm:pl-[8.25rem]">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}提交申请
          </button>
        </div>
      </form>
    </section>
  );
}
