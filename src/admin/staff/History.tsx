// A record's changes as people read them (decision 0086): each field as 字段: 旧 → 新, and the
// 历史 section an order page, an item editor, a customer's page or an instrument (decision 0095)
// shows from the audit log.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { consoleApi } from '../session.ts';
import { when } from '../ui.tsx';
import type { AuditChangeSchema, HistorySchema } from '../../lib/shared/staff/staff.ts';
import { staffAdminApi } from '../../lib/shared/staff/api.ts';

type Change = z.output<typeof AuditChangeSchema>;
type Entry = z.output<typeof HistorySchema>['list'][number];

/** What a call changed, one field a line: 字段: 旧 → 新 (or 字段: 值 for what a call was sent). */
export function Changes({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-xs" aria-label="变更内容">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="text-slate-500">{c.label}：</span>
          {/* A field as sent (no value before it) shows only the value. */}
          {c.before !== '' && (
            <>
              <span className="text-slate-500">{c.before}</span>
              <span className="px-1 text-slate-400" aria-label="改为">
                →
              </span>
            </>
          )}
          <span className="text-slate-800">{c.after}</span>
        </li>
      ))}
    </ul>
  );
}

/** Each kind's reader, under the permission of the page that shows it. */
const READERS = {
  order: staffAdminApi.orderHistory,
  item: staffAdminApi.itemHistory,
  customer: staffAdminApi.customerHistory,
  device: staffAdminApi.deviceHistory,
} as const;

/**
 * 历史: who changed the record, when, by which step, and what changed. `kind` picks the reader:
 * an order's (orders.read), an item's (catalogue.read), a customer's (customers.read) or an
 * instrument's (reservations.read). `version` reloads it after a change.
 */
export function RecordHistory({
  kind,
  rid,
  version,
}: {
  kind: keyof typeof READERS;
  rid: string;
  version?: unknown;
}) {
  const [list, setList] = useState<Entry[] | null>(null);
  useEffect(() => {
    // A reload after a change must not be overtaken by the answer to an earlier call.
    let current = true;
    void consoleApi
      .call(READERS[kind], { rid }, { silent: true })
      .then((h) => current && setList(h?.list ?? []));
    return () => {
      current = false;
    };
  }, [kind, rid, version]);
  return (
    <section className="rounded-lg bg-white p-4" aria-labelledby={`history-${rid}`}>
      <h2 id={`history-${rid}`} className="mb-2 text-sm font-semibold">
        历史
      </h2>
      {list === null ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">还没有工作人员的变更记录。</p>
      ) : (
        <ol className="grid gap-2.5 text-sm" aria-label="变更历史">
          {list.map((e) => (
            <li key={e.id} className="grid gap-1 border-b border-slate-100 pb-2 last:border-0">
              <p className="flex flex-wrap gap-x-3">
                <span className="text-slate-500 tabular-nums">{when(e.at)}</span>
                <span className="font-medium">{e.action_text}</span>
                <span className="text-slate-600">{e.by}</span>
              </p>
              {e.note && <p className="text-xs text-slate-600">说明：{e.note}</p>}
              <Changes changes={e.changes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
