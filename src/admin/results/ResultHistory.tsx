// A result's history (decision 0075): every entry ever written (superseded ones struck through)
// and every decision on it, oldest first; nothing here is ever edited.
import { when } from '../ui.tsx';
import type { ResultView } from '../../lib/shared/results/responses.ts';

export function ResultHistory({ r }: { r: ResultView }) {
  const events = [
    ...r.history.map((e) => ({
      at: e.entered_at,
      key: `e${e.entered_at}${e.key}`,
      text: (
        <>
          <span className="font-medium">{e.technician}</span> 录入 {e.name}：
          <span className={e.superseded ? 'text-slate-400 line-through' : ''}>
            {e.value}
            {e.unit && ` ${e.unit}`}
          </span>
          {e.remark && <span className="text-slate-600">（备注：{e.remark}）</span>}
          {e.instrument && <span className="text-slate-500"> · {e.instrument}</span>}
        </>
      ),
    })),
    ...r.reviews.map((v) => ({
      at: v.at,
      key: `r${v.at}${v.verdict}${v.reviewer}`,
      text: (
        <>
          <span className="font-medium">{v.reviewer}</span> {v.verdict_text}
          {v.reason && <span className="text-slate-600">：{v.reason}</span>}
          <span className="text-slate-400">（第 {v.round} 次提交）</span>
        </>
      ),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className="mt-2 grid gap-1 border-l-2 border-slate-200 pl-3 text-xs" aria-label="结果记录">
      {events.length === 0 && <li className="text-slate-400">暂无记录</li>}
      {events.map((e) => (
        <li key={e.key} className="flex flex-wrap gap-x-2">
          <span className="text-slate-500 tabular-nums">{when(e.at)}</span>
          <span>{e.text}</span>
        </li>
      ))}
    </ol>
  );
}
