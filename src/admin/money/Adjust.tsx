import { useState, type FormEvent } from 'react';
import { consoleApi, notice } from '../session.ts';
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
  const [busy, setBusy] = useState(false);

  async function find(e: FormEvent) {
    e.preventDefault();
    setFound((await consoleApi.call(ordersAdminApi.findUser, { phone })) ?? null);
  }
  async function credit(e: FormEvent) {
    e.preventDefault();
    const fen = yuanToFen(amount);
    if (!found || fen === null || fen <= 0) return notice('error', '请输入正确的入账金额');
    if (!note.trim()) return notice('error', '请填写入账原因');
    setBusy(true);
    const res = await consoleApi.call(moneyAdminApi.balanceCredit, {
      user_rid: found.rid,
      amount_fen: fen,
      note,
      idempotency_key: key,
    });
    setBusy(false);
    if (!res) return;
    notice(
      'ok',
      res.pending
        ? '金额较大，已提交复核：另一位同事在「入账复核」中批准后入账'
        : `已入账，客户余额 ${formatFen(res.balance_fen)}`,
    );
    setFound({ ...found, balance_fen: res.balance_fen });
    setAmount('');
    setNote('');
    setKey(crypto.randomUUID?.() ?? String(Math.random()));
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
        <form
          onSubmit={(e) => void credit(e)}
          className="grid gap-3 rounded-lg bg-white p-4"
          aria-label="入账"
        >
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
            <button type="submit" className={button.primary} disabled={busy}>
              确认入账
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
