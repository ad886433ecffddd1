// One screen for every approval queue (预存, 转账, 信用额度, 入账复核, 积分复核, 发券复核): status tabs
// over a paged list, the list's columns (which are also its CSV), and a decide column whose buttons
// open an approve modal or a reject modal with a reason. Each queue states only what differs.
import { useState, type ReactNode } from 'react';
import { type Me, staffAction } from './session.ts';
import type { Endpoint } from '../lib/shared/api/endpoint.ts';
import { button, Field, FormModal, input, PageHeader, StatusTabs } from './ui.tsx';
import { useAllRows, useList } from './lists.ts';
import { type Column, DataTable, Pager } from './table.tsx';
import { ExportCsv } from './csv.tsx';
import { DateRangeFilter, inDateRange, isDateRangeSet, NO_DATE_RANGE } from './date-range.tsx';
import type { Permission } from '../lib/shared/staff/permissions.ts';

/** A fixed text, or one that depends on the row (a second approval says so). */
type Text<T> = string | ((row: T) => string);
const textOf = <T,>(text: Text<T>, row: T) => (typeof text === 'string' ? text : text(row));

type Decision<T, D> = {
  /** The row's button text, and its accessible name when the text alone is ambiguous in a list. */
  button: Text<T>;
  ariaLabel?: (row: T) => string;
  /** The modal's title and its submit button. */
  title: Text<T>;
  submitText: Text<T>;
  path: Endpoint;
  /** What the call sends besides the row's rid; a string is a mistake in the form, shown instead. */
  body?: (row: T) => Record<string, unknown> | string;
  /** The toast once done. */
  done: string | ((data: D) => string);
};

export type ReviewQueueProps<T extends { rid: string }, D> = {
  me: Me;
  title: string;
  lead: string;
  /** The list API (paged, filtered by status). */
  list: Endpoint;
  /** The table's accessible name and the CSV file's name. */
  label: string;
  csvName?: string;
  statusLabel: string;
  tabs: { value: string; label: string }[];
  initialStatus: string;
  empty: string;
  columns: Column<T>[];
  /** Who may decide, and which rows still wait for a decision. */
  decider: Permission;
  waiting: (row: T) => boolean;
  approve: Decision<T, D> & {
    /** The approve modal's content (a summary, or the fields the decision needs). */
    form: (row: T) => ReactNode;
    /** Sets the form's starting values when the modal opens. */
    onOpen?: (row: T) => void;
  };
  reject: Decision<T, D> & {
    reasonLabel?: string;
    /** A summary above the reason. */
    form?: (row: T) => ReactNode;
  };
  /** What a decider may do with a row that no longer waits (refund a credited top-up). */
  otherActions?: (row: T) => ReactNode;
  /** The modals those actions open; they reload the list when done. */
  children?: (reload: () => unknown) => ReactNode;
};

/** An approval queue: see the file's comment. */
export function ReviewQueue<T extends { rid: string }, D = unknown>({
  me,
  title,
  lead,
  list: path,
  label,
  csvName = label,
  statusLabel,
  tabs,
  initialStatus,
  empty,
  columns,
  decider,
  waiting,
  approve,
  reject,
  otherActions,
  children,
}: ReviewQueueProps<T, D>) {
  const [status, setStatus] = useState(initialStatus);
  const filter = status ? { status } : {};
  const list = useList<T>(path, filter);
  // A date range filters on the column that carries the row's time. The list APIs take no dates,
  // so with a range set every row under the status is read (as the export does) and filtered here.
  const dated = columns.find((c) => c.date);
  const [range, setRange] = useState(NO_DATE_RANGE);
  const ranged = dated !== undefined && isDateRangeSet(range);
  const all = useAllRows<T>(path, filter, ranged);
  const rows = ranged
    ? (all.rows?.filter((r) => inDateRange(dated.date!(r), range)) ?? null)
    : (list.data?.list ?? null);
  const reload = () => {
    void list.reload();
    if (ranged) all.reload();
  };
  const [target, setTarget] = useState<{ row: T; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const canDecide = me.permissions.includes(decider);
  const decision = target?.approve ? approve : reject;
  const decide: Column<T> = {
    id: 'actions',
    header: '操作',
    cell: (r) =>
      !canDecide ? null : waiting(r) ? (
        <span className="flex gap-1.5 whitespace-nowrap">
          <button
            type="button"
            className={button.primary}
            aria-label={approve.ariaLabel?.(r)}
            onClick={() => (approve.onOpen?.(r), setTarget({ row: r, approve: true }))}
          >
            {textOf(approve.button, r)}
          </button>
          <button
            type="button"
            className={button.danger}
            aria-label={reject.ariaLabel?.(r)}
            onClick={() => (setReason(''), setTarget({ row: r, approve: false }))}
          >
            {textOf(reject.button, r)}
          </button>
        </span>
      ) : (
        (otherActions?.(r) ?? null)
      ),
  };
  return (
    <div>
      <PageHeader
        title={title}
        lead={lead}
        actions={
          ranged ? (
            <ExportCsv<T> rows={rows} name={csvName} columns={columns} />
          ) : (
            <ExportCsv<T> list={path} filter={filter} name={csvName} columns={columns} />
          )
        }
      />
      <StatusTabs label={statusLabel} tabs={tabs} value={status} onChange={setStatus} />
      {dated && <DateRangeFilter label={dated.header} value={range} onChange={setRange} />}
      <DataTable<T>
        label={label}
        rows={rows}
        rowKey={(r) => r.rid}
        empty={empty}
        columns={[...columns, decide]}
      />
      {!ranged && <Pager page={list.page} pages={list.pages} onPage={list.setPage} />}
      <FormModal
        open={target !== null}
        title={target ? textOf(decision.title, target.row) : ''}
        submitText={target ? textOf(decision.submitText, target.row) : ''}
        danger={!target?.approve}
        onClose={() => setTarget(null)}
        onSubmit={async () => {
          const row = target!.row;
          const extra = target!.approve ? (approve.body?.(row) ?? {}) : { reason };
          if (typeof extra === 'string') return extra;
          return staffAction<D>(decision.path, { rid: row.rid, ...extra }, decision.done, reload);
        }}
      >
        {target?.approve ? (
          approve.form(target.row)
        ) : (
          <>
            {target && reject.form?.(target.row)}
            <Field label={reject.reasonLabel ?? '驳回原因'}>
              <input
                className={input}
                name="reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={200}
              />
            </Field>
          </>
        )}
      </FormModal>
      {children?.(reload)}
    </div>
  );
}

/** 提交 / 复核: who asked and who decided, in the queues that need a second staff member. */
export function secondApprovalWho<
  T extends { requested_by: string; decided_by: string | null },
>(): Column<T> {
  return {
    id: 'who',
    header: '提交 / 复核',
    cell: (r) => (
      <>
        <span className="block">{r.requested_by}</span>
        <span className="text-xs text-slate-500">{r.decided_by ?? '—'}</span>
      </>
    ),
    csv: [
      { header: '提交人', value: (r) => r.requested_by },
      { header: '复核人', value: (r) => r.decided_by ?? '' },
    ],
  };
}
