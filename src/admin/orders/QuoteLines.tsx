import type { Dispatch, SetStateAction } from 'react';
import type { z } from 'zod';
import { button, input } from '../ui.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { QUOTE_MAX_LINES } from '../../lib/shared/orders/quote.ts';
import type { StaffOrderDetailSchema } from '../../lib/shared/orders/responses.ts';

type Detail = z.output<typeof StaffOrderDetailSchema>;
/** A quote line as typed: quantity and unit price (yuan) still text. */
export type Row = { name: string; description: string; quantity: string; price: string };

const emptyRow = (): Row => ({ name: '', description: '', quantity: '1', price: '' });

/** The rows to start from: the current quote's lines, else the order's items at list price. */
export function startingRows(order: Detail): Row[] {
  if (order.quote?.lines.length)
    return order.quote.lines.map((l) => ({
      name: l.name,
      description: l.description,
      quantity: String(l.quantity),
      price: fenToYuan(l.unit_price_fen),
    }));
  if (order.items.length === 0) return [emptyRow()];
  return order.items.map((i) => ({
    name: i.name,
    description: Object.entries(i.parameters)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}：${v}`)
      .join('；')
      .slice(0, 200),
    quantity: String(i.sample_count),
    price: i.price_fen > 0 ? fenToYuan(i.price_fen) : '',
  }));
}

/** The quote's lines as a table of inputs, each line's amount beside it; a line added or removed. */
export default function QuoteLines({
  rows,
  setRows,
  amounts,
}: {
  rows: Row[];
  setRows: Dispatch<SetStateAction<Row[]>>;
  /** Each line's amount in fen, as priced. */
  amounts: number[];
}) {
  const set = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[600px] text-sm" aria-label="报价明细">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="pb-1 font-medium">
                项目
              </th>
              <th scope="col" className="pb-1 font-medium">
                说明
              </th>
              <th scope="col" className="w-20 pb-1 font-medium">
                数量
              </th>
              <th scope="col" className="w-28 pb-1 font-medium">
                单价（元）
              </th>
              <th scope="col" className="w-28 pb-1 text-right font-medium">
                金额
              </th>
              <th scope="col" className="w-10 pb-1">
                <span className="sr-only">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} data-quote-line={i + 1} className="align-top">
                <td className="py-1 pr-1.5">
                  <input
                    className={input}
                    aria-label={`第${i + 1}行 项目`}
                    maxLength={100}
                    value={r.name}
                    onChange={(e) => set(i, { name: e.target.value })}
                  />
                </td>
                <td className="py-1 pr-1.5">
                  <input
                    className={input}
                    aria-label={`第${i + 1}行 说明`}
                    maxLength={200}
                    value={r.description}
                    onChange={(e) => set(i, { description: e.target.value })}
                  />
                </td>
                <td className="py-1 pr-1.5">
                  <input
                    className={input}
                    aria-label={`第${i + 1}行 数量`}
                    inputMode="numeric"
                    value={r.quantity}
                    onChange={(e) => set(i, { quantity: e.target.value })}
                  />
                </td>
                <td className="py-1 pr-1.5">
                  <input
                    className={input}
                    aria-label={`第${i + 1}行 单价（元）`}
                    inputMode="decimal"
                    value={r.price}
                    onChange={(e) => set(i, { price: e.target.value })}
                  />
                </td>
                <td className="py-1 pt-3 text-right tabular-nums" data-line-amount>
                  {formatFen(amounts[i])}
                </td>
                <td className="py-1 pl-1">
                  <button
                    type="button"
                    className={button.link}
                    aria-label={`删除第${i + 1}行`}
                    disabled={rows.length === 1}
                    onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <button
          type="button"
          className={button.ghost}
          disabled={rows.length >= QUOTE_MAX_LINES}
          onClick={() => setRows((all) => [...all, emptyRow()])}
        >
          + 添加一行
        </button>
      </div>
    </>
  );
}
