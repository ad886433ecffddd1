import { useEffect, useState, type FormEvent } from 'react';
import { Choices, inputClass, Row, Spinner, TextField } from '../ui/kit.tsx';
import { useSessionUser } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan, priceYuan, yuanToFen } from '../../lib/shared/money.ts';
import { bonusFor, INVOICE_TYPE_TEXT } from '../../lib/shared/money/money.ts';
import type { PrestoreContext } from './types.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

const INVOICE_OPTIONS = Object.entries(INVOICE_TYPE_TEXT).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * 预存充值: the tiers, the amount with the bonus it earns (the same rule the server applies),
 * how the bonus is taken, the invoice wish and the payer. Submitting makes a 待付款 application;
 * the customer then transfers the money and uploads the voucher under 预存记录.
 */
export default function PrestoreForm({
  context,
  onApplied,
}: {
  context: PrestoreContext | null;
  onApplied: () => void;
}) {
  const { user } = useSessionUser();
  const [amount, setAmount] = useState('');
  const [bonusKind, setBonusKind] = useState(1);
  const [invoiceType, setInvoiceType] = useState(0);
  const [invoiceTitle, setInvoiceTitle] = useState('');
  const [payer, setPayer] = useState('');
  // The payer defaults to the customer's organisation (or name) once the session user is known.
  const known = String(user?.company || user?.name || '');
  useEffect(() => {
    if (known) setPayer((p) => p || known);
  }, [known]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!context)
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
        <Spinner /> 加载中…
      </p>
    );
  const { rule } = context;
  const fen = yuanToFen(amount);
  const bonus = fen !== null && fen >= rule.min_fen ? bonusFor(rule.tiers, fen) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (fen === null || fen <= 0) return setError('请输入正确的预存金额（最多两位小数）');
    if (fen < rule.min_fen) return setError(`预存金额不能低于 ${fenToYuan(rule.min_fen)} 元`);
    if (!payer.trim()) return setError('请填写付款单位');
    if (invoiceType !== 0 && !invoiceTitle.trim()) return setError('请填写发票抬头');
    setError('');
    setBusy(true);
    const created = await api.call(moneyApi.prestoreAdd, {
      amount_fen: fen,
      bonus_kind: bonusKind,
      invoice_type: invoiceType,
      invoice_title: invoiceType === 0 ? '' : invoiceTitle,
      payer,
    });
    setBusy(false);
    if (!created) return;
    toast.success('提交成功!请按页面所示账户转账并上传凭证');
    setAmount('');
    onApplied();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form
        onSubmit={(e) => void submit(e)}
        className="grid content-start gap-4"
        noValidate
        aria-label="预存申请"
      >
        <Row
          label="预存金额"
          htmlFor="prestore-amount"
          required
          hint={`单笔 ${priceYuan(rule.min_fen)} 元起存`}
        >
          <div className="flex items-center gap-2">
            <input
              id="prestore-amount"
              name="amount"
              inputMode="decimal"
              className={`${inputClass} max-w-56`}
              placeholder={`不低于 ${priceYuan(rule.min_fen)}`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <span className="text-sm text-slate-500">元</span>
          </div>
          <p className="mt-2 text-sm" aria-live="polite" data-testid="bonus-preview">
            {bonus && bonus.bonus_fen > 0 ? (
              <span className="text-accent-700">
                赠送 <strong className="tabular-nums">¥{fenToYuan(bonus.bonus_fen)}</strong>（{bonus.percent}
                %）
                {bonusKind === 2 && '，以等值礼品卡形式由工作人员寄送'}
              </span>
            ) : (
              <span className="text-slate-400">达到起存金额即可获赠测试费</span>
            )}
          </p>
        </Row>
        <Choices
          label="赠送方式"
          name="bonus_kind"
          value={bonusKind}
          onChange={setBonusKind}
          options={[
            { value: 1, label: '测试费（赠送金）' },
            { value: 2, label: '礼品卡' },
          ]}
        />
        <Row label="开票需求" htmlFor="prestore-invoice">
          <select
            id="prestore-invoice"
            name="invoice_type"
            className={`${inputClass} max-w-56`}
            value={invoiceType}
            onChange={(e) => setInvoiceType(Number(e.target.value))}
          >
            {INVOICE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Row>
        {invoiceType !== 0 && (
          <TextField
            label="发票抬头"
            name="invoice_title"
            required
            maxLength={100}
            value={invoiceTitle}
            onChange={(e) => setInvoiceTitle(e.target.value)}
          />
        )}
        <TextField
          label="付款单位"
          name="payer"
          required
          maxLength={100}
          hint="与转账付款账户的户名一致，便于财务核对"
          value={payer}
          onChange={(e) => setPayer(e.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600 sm:ml-[8.25rem]">
            {error}
          </p>
        )}
        <div className="sm:ml-[8.25rem]">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}提交预存申请
          </button>
        </div>
      </form>

      <aside className="grid content-start gap-4">
        <section
          aria-labelledby="tiers-title"
          className="rounded-xl border border-accent-100 bg-accent-50/60 p-4"
        >
          <h3 id="tiers-title" className="text-sm font-semibold text-slate-900">
            预存赠送档位
          </h3>
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="py-1 font-normal">单笔预存满</th>
                <th className="py-1 text-right font-normal">赠送比例</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {rule.tiers.map((t) => (
                <tr
                  key={t.from_fen}
                  className={
                    bonus?.percent === t.bonus_percent && t.bonus_percent > 0
                      ? 'font-semibold text-accent-700'
                      : 'text-slate-700'
                  }
                >
                  <td className="py-1">¥{priceYuan(t.from_fen)}</td>
                  <td className="py-1 text-right">{t.bonus_percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs leading-relaxed text-slate-500">
            赠送金可用于支付检测费用，不可提现、不能用于信用还款；预存退款时按比例扣回。
          </p>
        </section>
        <BankCard bank={context.bank} />
      </aside>
    </div>
  );
}

/** Where to send the money (对公转账). */
export function BankCard({ bank }: { bank: PrestoreContext['bank'] }) {
  return (
    <section aria-labelledby="bank-title" className="rounded-xl border border-slate-200 p-4 text-sm">
      <h3 id="bank-title" className="font-semibold text-slate-900">
        对公转账账户
      </h3>
      <dl className="mt-2 grid gap-1.5">
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">户名</dt>
          <dd className="text-slate-800">{bank.name}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">开户行</dt>
          <dd className="text-slate-800">{bank.bank}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">账号</dt>
          <dd className="font-mono text-slate-800 select-all" data-testid="bank-account">
            {bank.account}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        转账后请在「预存记录」上传转账凭证，财务核对到账后即入账。
      </p>
    </section>
  );
}
