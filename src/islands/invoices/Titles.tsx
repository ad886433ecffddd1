import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { memberOnly } from '../ui/member-gate.tsx';
import Dialog from '../ui/Dialog.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { Choices, Spinner, TextField } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { invoiceTitleSchema, TITLE_KIND_TEXT } from '../../lib/shared/invoices/invoices.ts';
import type { InvoiceTitleSchema } from '../../lib/shared/invoices/responses.ts';
import { invoicesApi } from '../../lib/shared/invoices/api.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import type { Endpoint, OutputOf } from '../../lib/shared/api/endpoint.ts';

export type Title = z.output<typeof InvoiceTitleSchema>;

const EMPTY = {
  kind: 1 as 1 | 2,
  name: '',
  tax_no: '',
  address: '',
  phone: '',
  bank: '',
  bank_account: '',
  is_default: false,
  /** '' for my own title, else the research group that keeps it (decision 0046). */
  group_rid: '',
};
type Draft = typeof EMPTY & { rid?: string };
type ManagedGroup = OutputOf<typeof groupsApi.mine>['list'][number];

/** A title's form: organisation (credit code; bank details for special invoices) or individual. */
function TitleDialog({
  draft,
  groups,
  onClose,
  onSaved,
}: {
  draft: Draft | null;
  /** The groups I lead or assist: a new title may be theirs instead of mine. */
  groups: ManagedGroup[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Draft>(EMPTY);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (draft) {
      setForm(draft);
      setError('');
    }
  }, [draft]);
  const bind = (key: Exclude<keyof typeof EMPTY, 'is_default'>) => ({
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    // The shared rules first, so a wrong credit code is said before anything is sent.
    const checked = invoiceTitleSchema.safeParse({ ...form, group_rid: form.group_rid || undefined });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setSaving(true);
    try {
      await api.call(form.rid ? invoicesApi.titleEdit : invoicesApi.titleAdd, checked.data, {
        throws: true,
      });
      toast.success(form.rid ? '保存成功!' : '添加成功!');
      onSaved();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : '保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={draft !== null}
      onClose={onClose}
      title={form.rid ? '编辑发票抬头' : '新增发票抬头'}
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form="title-form" className="btn-primary" disabled={saving}>
            {saving && <Spinner />}
            保存
          </button>
        </>
      }
    >
      <form id="title-form" onSubmit={save} className="grid gap-3" noValidate>
        {!form.rid && groups.length > 0 && (
          <Choices
            label="抬头归属"
            name="owner"
            value={form.group_rid}
            options={[
              { value: '', label: '我的抬头' },
              ...groups.map((g) => ({ value: g.rid, label: `课题组「${g.name}」` })),
            ]}
            onChange={(group_rid) => setForm((f) => ({ ...f, group_rid, is_default: false }))}
          />
        )}
        {form.group_rid && (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-xs text-brand-800">
            课题组的抬头全体成员开票时都可选用，由组长和助理维护。
          </p>
        )}
        <Choices
          label="抬头类型"
          name="kind"
          value={form.kind}
          options={[
            { value: 1, label: TITLE_KIND_TEXT[1] },
            { value: 2, label: TITLE_KIND_TEXT[2] },
          ]}
          onChange={(kind) => setForm((f) => ({ ...f, kind }))}
        />
        <TextField label={form.kind === 1 ? '单位名称' : '姓名'} required maxLength={100} {...bind('name')} />
        {form.kind === 1 && (
          <>
            <TextField label="税号" required maxLength={18} hint="18位统一社会信用代码" {...bind('tax_no')} />
            <p className="text-xs text-slate-500">开具专用发票还需填写以下信息：</p>
            <TextField label="注册地址" maxLength={200} {...bind('address')} />
            <TextField label="注册电话" maxLength={30} {...bind('phone')} />
            <TextField label="开户银行" maxLength={100} {...bind('bank')} />
            <TextField label="银行账号" maxLength={40} inputMode="numeric" {...bind('bank_account')} />
          </>
        )}
        {!form.group_rid && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={form.is_default}
              onChange={(e) => setForm((f) => ({ ...f, is_default: e.target.checked }))}
              className="accent-brand-600"
            />
            设为默认抬头
          </label>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** One title's card: its facts, and what the caller may do with it. */
function TitleCard({ t, onEdit, act }: { t: Title; onEdit: () => void; act: Act }) {
  return (
    <li data-title className="flex min-w-0 flex-col gap-2 rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">{t.name}</p>
        <span className="flex shrink-0 gap-1">
          <span className="rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-600">
            {TITLE_KIND_TEXT[t.kind]}
          </span>
          {t.is_default && (
            <span className="rounded bg-brand-50 px-1.5 text-xs leading-5 text-brand-700">默认</span>
          )}
        </span>
      </div>
      {t.kind === 1 && (
        <dl className="grid gap-1 text-sm text-slate-600">
          <div className="flex gap-2">
            <dt className="shrink-0 text-slate-400">税号</dt>
            <dd className="font-mono break-all">{t.tax_no}</dd>
          </div>
          {(t.bank || t.bank_account) && (
            <div className="flex gap-2">
              <dt className="shrink-0 text-slate-400">开户行</dt>
              <dd className="break-all">
                {t.bank} {t.bank_account}
              </dd>
            </div>
          )}
        </dl>
      )}
      {t.group && <p className="text-xs text-slate-500">由课题组「{t.group.name}」的组长和助理维护</p>}
      <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-1 text-sm">
        {!t.is_default && !t.group && (
          <button
            type="button"
            className="btn-ghost h-8 px-3"
            onClick={() => void act(invoicesApi.titleDefault, t, '已设为默认!')}
          >
            设为默认
          </button>
        )}
        {t.can_edit && (
          <>
            <button type="button" className="btn-ghost h-8 px-3" onClick={onEdit}>
              编辑
            </button>
            <button
              type="button"
              className="btn-ghost h-8 px-3 text-red-600"
              onClick={() =>
                void act(invoicesApi.titleDelete, t, '删除成功!', {
                  title: '删除抬头',
                  text: `确定删除抬头「${t.name}」吗？`,
                })
              }
            >
              删除
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** `confirm`: asked first in the site's dialog (deleting cannot be undone). */
type Act = (
  endpoint: Endpoint,
  t: Title,
  done: string,
  confirm?: { title: string; text: string },
) => Promise<void>;

/**
 * /member/invoiceMg: the customer's invoice titles (add, edit, delete, make one the default) and
 * their research groups' titles, which the groups' leaders and assistants keep (decision 0046).
 */
function Titles() {
  const [list, setList] = useState<Title[] | null>(null);
  const [groups, setGroups] = useState<ManagedGroup[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(invoicesApi.titles, {});
    if (res) setList(res.list);
  }, []);
  useEffect(() => {
    void load();
    void api
      .call(groupsApi.mine, {})
      .then((res) =>
        setGroups(
          (res?.list ?? []).filter(
            (g) => g.status === 'active' && g.my_status === 'active' && g.role !== 'member',
          ),
        ),
      );
  }, [load]);

  const [confirmDialog, ask] = useConfirm();
  const act: Act = async (endpoint, t, done, confirm) => {
    if (confirm && !(await ask({ title: confirm.title, text: confirm.text, confirm: '删除', danger: true })))
      return;
    if ((await api.call(endpoint, { rid: t.rid } as never)) !== undefined) {
      toast.success(done);
      void load();
    }
  };
  const edit = (t: Title) => setEditing({ ...EMPTY, ...t, group_rid: t.group?.rid ?? '' });
  const mine = list?.filter((t) => !t.group) ?? [];
  const shared = list?.filter((t) => t.group) ?? [];

  return (
    <section className="card p-4 md:p-5" aria-label="发票抬头">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">开票时选择抬头；单位抬头需填写统一社会信用代码。</p>
        <button type="button" className="btn-primary" onClick={() => setEditing({ ...EMPTY })}>
          新增抬头
        </button>
      </div>
      {confirmDialog}
      {list === null ? (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-400">还没有发票抬头，点击「新增抬头」添加</p>
      ) : (
        <div className="grid gap-5">
          {mine.length > 0 && (
            <ul className="grid gap-3 md:grid-cols-2" aria-label="我的抬头">
              {mine.map((t) => (
                <TitleCard key={t.rid} t={t} onEdit={() => edit(t)} act={act} />
              ))}
            </ul>
          )}
          {shared.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">课题组抬头</h2>
              <ul className="grid gap-3 md:grid-cols-2" aria-label="课题组抬头">
                {shared.map((t) => (
                  <TitleCard key={t.rid} t={t} onEdit={() => edit(t)} act={act} />
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <TitleDialog
        draft={editing}
        groups={groups}
        onClose={() => setEditing(null)}
        onSaved={() => void load()}
      />
    </section>
  );
}

export default memberOnly(Titles);
