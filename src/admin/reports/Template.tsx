// 报告模板 (decision 0076): what every generated report prints about the lab, its logo and seal,
// the standard statements and the authorised signatories, the signing key's state, and a 预览 of a
// sample report with the template as saved.
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { $session, consoleApi, notice, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, input, PageHeader } from '../ui.tsx';
import { reportTemplateAdminApi as api } from '../../lib/shared/reports/template-api.ts';
import {
  MAX_SIGNATORIES,
  MAX_STATEMENTS,
  SELF_SIGNED_WARNING,
  templateSaveSchema,
  type ReportTemplate,
  type Signatory,
  type SigningKeyStatus,
} from '../../lib/shared/reports/template.ts';
import { RESULTS_RELATE_ONLY } from '../../lib/shared/reports/document.ts';
import { PICTURE_TYPES } from '../../lib/shared/files/pictures.ts';
import { ROLE_TEXT, type Role } from '../../lib/shared/staff/permissions.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';

type Candidate = OutputOf<typeof api.staff>['list'][number];
type Form = Omit<ReportTemplate, 'updated' | 'statements'> & { statements: string };

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{title}</h2>
      {lead && <p className="mb-3 text-sm text-slate-500">{lead}</p>}
      <div className="grid gap-3">{children}</div>
    </section>
  );
}

/** The signing key's state: a warning for a self-signed key, an error for one that cannot be used. */
function KeyStatus({ k }: { k: SigningKeyStatus }) {
  if (k.problem)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
        {k.problem}（报告暂不能签发）
      </p>
    );
  const until = k.not_after ? shanghaiDate(new Date(k.not_after)) : '—';
  return (
    <div
      role={k.self_signed ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${
        k.self_signed
          ? 'border-amber-300 bg-amber-50 text-amber-900'
          : 'border-slate-200 bg-slate-50 text-slate-700'
      }`}
    >
      {k.self_signed && <p className="mb-1 font-medium">{SELF_SIGNED_WARNING}</p>}
      <p className="break-all">
        签名证书：{k.subject || '—'}
        {k.not_after && <span className="ml-3">有效期至 {until}</span>}
        <span className="ml-3" />
        <Badge tone={k.configured ? 'brand' : 'slate'}>
          {k.configured ? '已配置机构证书' : '系统自动生成'}
        </Badge>
      </p>
    </div>
  );
}

/** A logo or the seal: its picture and an upload button. */
function Picture({
  label,
  hint,
  url,
  onUpload,
  onClear,
  disabled,
}: {
  label: string;
  hint: string;
  url: string | null;
  onUpload: (file: File) => Promise<void>;
  onClear: () => void;
  disabled: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="grid gap-1 text-sm">
      <span id={id} className="font-medium text-slate-700">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:12px_12px]">
          {url ? (
            <img src={url} alt={`${label}预览`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-400">未上传</span>
          )}
        </div>
        <div className="grid gap-1.5">
          <span className="flex flex-wrap gap-2">
            <label
              className={`${button.ghost} cursor-pointer focus-within:ring-2 focus-within:ring-brand-100 ${
                disabled || busy ? 'pointer-events-none opacity-50' : ''
              }`}
            >
              {busy ? '上传中…' : url ? '更换' : '上传'}
              <input
                type="file"
                accept={PICTURE_TYPES.join(',')}
                className="sr-only"
                aria-labelledby={id}
                disabled={disabled || busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  setBusy(true);
                  void onUpload(file).finally(() => setBusy(false));
                }}
              />
            </label>
            {url && (
              <button type="button" className={button.ghost} disabled={disabled} onClick={onClear}>
                移除
              </button>
            )}
          </span>
          <span className="text-xs text-slate-500">{hint}</span>
        </div>
      </div>
    </div>
  );
}

/** Posts to the preview and opens the PDF in a new tab (or shows the refusal). */
async function openPreview() {
  // Opened before the request, so the browser does not block it as a pop-up.
  const tab = window.open('', '_blank');
  const res = await fetch(api.preview.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: '{}',
  }).catch(() => null);
  if (!res?.ok || !res.headers.get('content-type')?.includes('application/pdf')) {
    tab?.close();
    const msg = ((await res?.json().catch(() => null)) as { msg?: string } | null)?.msg;
    notice('error', msg || '预览失败，请稍后重试');
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  else Object.assign(document.createElement('a'), { href: url, download: '报告预览.pdf' }).click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The authorised signatories: picked from the staff, each with the name and title printed. */
function Signatories({
  list,
  staff,
  editable,
  onChange,
}: {
  list: Signatory[];
  staff: Candidate[];
  editable: boolean;
  onChange: (list: Signatory[]) => void;
}) {
  const [pick, setPick] = useState('');
  const chosen = new Set(list.map((s) => s.staff_rid));
  const addSignatory = () => {
    const person = staff.find((p) => p.staff_rid === pick);
    if (!person || chosen.has(person.staff_rid)) return;
    onChange([...list, { staff_rid: person.staff_rid, name: person.name, title: '授权签字人' }]);
    setPick('');
  };
  const editSignatory = (i: number, patch: Partial<Signatory>) =>
    onChange(list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <Section
      title="授权签字人"
      lead={`只有列在这里的员工可以批准签发报告（最多 ${MAX_SIGNATORIES} 位）。姓名与职务按此印在报告上。`}
    >
      {list.length === 0 && <p className="text-sm text-slate-500">尚未指定授权签字人。</p>}
      <ul className="grid gap-2" aria-label="授权签字人">
        {list.map((s, i) => (
          <li
            key={s.staff_rid}
            className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <Field label="签字人姓名">
              <input
                className={input}
                value={s.name}
                disabled={!editable}
                onChange={(e) => editSignatory(i, { name: e.target.value })}
              />
            </Field>
            <Field label="职务">
              <input
                className={input}
                value={s.title}
                disabled={!editable}
                onChange={(e) => editSignatory(i, { title: e.target.value })}
              />
            </Field>
            {editable && (
              <button
                type="button"
                className={button.danger}
                onClick={() => onChange(list.filter((_, j) => j !== i))}
              >
                移除
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <select
            className={input}
            aria-label="选择员工"
            value={pick}
            onChange={(e) => setPick(e.target.value)}
          >
            <option value="">选择员工…</option>
            {staff
              .filter((p) => !chosen.has(p.staff_rid))
              .map((p) => (
                <option key={p.staff_rid} value={p.staff_rid}>
                  {p.name}（{ROLE_TEXT[p.role as Role] ?? p.role}）
                </option>
              ))}
          </select>
          <button type="button" className={button.ghost} disabled={!pick} onClick={addSignatory}>
            添加签字人
          </button>
        </div>
      )}
    </Section>
  );
}

export default function Template({ me }: { me: Me }) {
  const editable = me.permissions.includes('reports.template');
  const [form, setForm] = useState<Form | null>(null);
  const [key, setKey] = useState<SigningKeyStatus | null>(null);
  const [updated, setUpdated] = useState<string | null>(null);
  const [staff, setStaff] = useState<Candidate[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const [answer, candidates] = await Promise.all([
      consoleApi.call(api.get, {}),
      consoleApi.call(api.staff, {}, { silent: true }),
    ]);
    if (candidates) setStaff(candidates.list);
    if (!answer) return;
    const { updated: at, statements, ...rest } = answer.template;
    setForm({ ...rest, statements: statements.join('\n') });
    setUpdated(at);
    setKey(answer.key);
  }, []);
  useEffect(() => void load(), [load]);

  if (!form || !key) return <p className="text-slate-400">加载中…</p>;
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  async function upload(which: 'logo' | 'seal', file: File) {
    const data = new FormData();
    data.set('file', file);
    try {
      const stored = await consoleApi.upload<{ rid: string; url: string }>(api[which], data, undefined, {
        throws: true,
      });
      if (stored) setForm((f) => f && { ...f, [`${which}_rid`]: stored.rid, [`${which}_url`]: stored.url });
    } catch (e) {
      notice('error', e instanceof Error ? e.message : '上传失败');
    }
  }

  async function save() {
    const body = {
      lab_name: form!.lab_name,
      address: form!.address,
      phone: form!.phone,
      accreditation: form!.accreditation,
      title: form!.title,
      logo_rid: form!.logo_rid,
      seal_rid: form!.seal_rid,
      statements: form!.statements
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      signatories: form!.signatories,
    };
    const checked = templateSaveSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0].message);
    setSaving(true);
    const message = await staffAction(api.save, checked.data, '报告模板已保存', load);
    setSaving(false);
    setError(message ?? '');
  }

  return (
    <div className="grid gap-4">
      <PageHeader
        title="报告模板"
        lead={`检测报告上印的实验室信息、标志与印章、声明和授权签字人。${updated ? `上次保存：${shanghaiDate(new Date(updated))}` : '尚未保存，当前为默认内容。'}`}
        actions={
          <>
            <button type="button" className={button.ghost} onClick={() => void openPreview()}>
              预览
            </button>
            {editable && (
              <button type="button" className={button.primary} disabled={saving} onClick={() => void save()}>
                保存
              </button>
            )}
          </>
        }
      />
      <KeyStatus k={key} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="实验室信息" lead="印在每份报告的页眉。">
          <Field label="实验室名称">
            <input
              className={input}
              value={form.lab_name}
              disabled={!editable}
              onChange={(e) => set({ lab_name: e.target.value })}
            />
          </Field>
          <Field label="实验室地址">
            <input
              className={input}
              value={form.address}
              disabled={!editable}
              onChange={(e) => set({ address: e.target.value })}
            />
          </Field>
          <Field label="联系电话">
            <input
              className={input}
              value={form.phone}
              disabled={!editable}
              onChange={(e) => set({ phone: e.target.value })}
            />
          </Field>
          <Field label="资质说明" hint="如 CNAS 认可注册号、CMA 资质认定证书编号">
            <textarea
              className={`${input} h-auto min-h-16 py-2`}
              rows={2}
              value={form.accreditation}
              disabled={!editable}
              onChange={(e) => set({ accreditation: e.target.value })}
            />
          </Field>
          <Field label="报告标题">
            <input
              className={input}
              value={form.title}
              disabled={!editable}
              onChange={(e) => set({ title: e.target.value })}
            />
          </Field>
        </Section>
        <Section title="标志与印章" lead="PNG、JPG、WEBP、GIF，5MB 以内；统一转为 PNG 保存。">
          <Picture
            label="实验室标志"
            hint="印在首页页眉左侧"
            url={form.logo_url}
            disabled={!editable}
            onUpload={(f) => upload('logo', f)}
            onClear={() => set({ logo_rid: null, logo_url: null })}
          />
          <Picture
            label="检验检测专用章"
            hint="透明背景的 PNG 为佳，盖在批准人与签发日期上"
            url={form.seal_url}
            disabled={!editable}
            onUpload={(f) => upload('seal', f)}
            onClear={() => set({ seal_rid: null, seal_url: null })}
          />
        </Section>
        <Section
          title="声明"
          lead={`每行一条，最多 ${MAX_STATEMENTS} 条。「${RESULTS_RELATE_ONLY}」无论是否列出都会印在报告上。`}
        >
          <textarea
            aria-label="声明"
            className={`${input} h-auto min-h-40 py-2`}
            rows={7}
            value={form.statements}
            disabled={!editable}
            onChange={(e) => set({ statements: e.target.value })}
          />
        </Section>
        <Signatories
          list={form.signatories}
          staff={staff}
          editable={editable}
          onChange={(signatories) => set({ signatories })}
        />
      </div>
    </div>
  );
}
