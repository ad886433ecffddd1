import { useState, type FormEvent } from 'react';
import { consoleApi, notice } from '../session.ts';
import { confirmStep } from '../confirm.tsx';
import { button, Field, input, PageHeader } from '../ui.tsx';
import { yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';
import { ordersAdminApi } from '../../lib/shared/orders/admin-api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Found = OutputOf<typeof ordersAdminApi.findUser>;

/** 人工入账: money received outside a top-up application, credited to a customer with a reason. */
export default function Adjust() {
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID?.() ?? String(Math.random()));

  async function find(e: FormEvent) {
    e.preventDefault();
    setFound((await consoleApi.call(ordersAdminApi.findUser, { phone })) ?? null);
  }
  function credit(e: FormEvent) {
    e.preventDefault();
    const fen = yuanToFen(amount);
    if (!found || fen === null || fen <= 0) return notice('error', '请输入正确的入账金额');
    if (!note.trim()) return notice('error', '请填写入账原因');
    const who = found.name || found.phone;
    confirmStep({
      title: '确认人工入账',
      message: (
        <>
          <p>
            向 {who}（{found.phone}）的账户入账 <strong>{formatFen(fen)}</strong>（现金），入账后余额{' '}
            {formatFen(found.balance_fen + fen)}。
          </p>
          <p className="text-slate-500">原因：{note.trim()}</p>
          <p className="text-slate-500">
            入账即时生效、不能撤回；达到复核金额的改为提交复核，由另一位同事批准后入账。
          </p>
        </>
      ),
      confirmText: `确认入账 ${formatFen(fen)}`,
      run: () => send(found, fen),
    });
  }
  async function send(to: Found, fen: number): Promise<string | null> {
    const res = await consoleApi
      .call(
        moneyAdminApi.balanceCredit,
        { user_rid: to.rid, amount_fen: fen, note, idempotency_key: key },
        { throws: true },
      )
      .catch((error: unknown) => (error instanceof Error ? error.message : '操作失败'));
    if (!res || typeof res === 'string') return res || '操作失败';
    notice(
      'ok',
      res.pending
        ? '金额较大，已提交复核：另一位同事在「入账复核」中批准后入账'
        : `已入账，客户余额 ${formatFen(res.balance_fen)}`,
    );
    setFound({ ...to, balance_fen: res.balance_fen });
    setAmount('');
    setNote('');
    setKey(crypto.randomUUID?.() ?? String(Math.random()));
    return null;
  }

  return (
    <div className="max-w-xl">
      <PageHeader title="人工入账" lead="仅用于未通过预存申请收到的款项；每笔都记录在操作日志中。" />
      <form onSubmit={(e) => void find(e)} className="mb-4 flex items-end gap-2 rounded-lg bg-white p-4">
        <Field label="客户手机号">
          <input
            className={input}
            name="phone"
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </Field>
        <button type="submit" className={button.ghost}>
          查找
        </button>
      </form>
      {found && (
        <form onSubmit={credit} className="grid gap-3 rounded-lg bg-white p-4" aria-label="入账">
          <p className="text-sm">
            <strong>{found.name || found.phone}</strong> {found.company} · 当前余额{' '}
            {formatFen(found.balance_fen)}
          </p>
          <Field label="入账金额（元）">
            <input
              className={input}
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
          <Field label="入账原因">
            <input
              className={input}
              name="note"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <div>
            <button type="submit" className={button.primary}>
              确认入账
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
