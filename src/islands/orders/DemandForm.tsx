import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import ProfileDialog from '../member/ProfileDialog.tsx';
import { IncompleteNotice, basicInfoOf } from '../member/ProfileSummary.tsx';
import { Choices, Row, Spinner, TextField, inputClass, textareaClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { reloadUser, useSessionUser } from '../ui/session-user.ts';
import { FilePicker, UploadRow, mb, useUploadLimits, useUploads } from '../files/uploads.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { INCOMPLETE_BASIC_INFO, missingBasicInfo } from '../../lib/shared/member/completeness.ts';
import {
  DEMAND_DESCRIPTION_MAX,
  DEMAND_MAX_FILES,
  DEMAND_MAX_ITEMS,
  DEMAND_SAMPLE_NOTE_MAX,
  DEMAND_TYPES,
  UPLOAD_ACCEPT,
  UPLOAD_TYPES_TEXT,
  demandSchema,
  type DemandResult,
  type DemandTypeId,
} from '../../lib/shared/orders/demand.ts';
import type { ProjectListItem } from '../../lib/shared/catalogue/catalogue.ts';
import { fenToYuan } from '../../lib/shared/money.ts';
import { PHONE_MAX_LENGTH } from '../../lib/shared/member/address.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import { filesApi } from '../../lib/shared/files/api.ts';

type Picked = Pick<ProjectListItem, 'rid' | 'name' | 'type_id' | 'price_fen' | 'unit'>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * /experiment/demand: a request for a quote. Free text, optional catalogue items, samples,
 * contact (from the profile), attachments uploaded with a progress bar each. Submitting creates
 * an order in 待报价 (order/demand).
 */
function DemandForm() {
  const { user } = useSessionUser();
  const limits = useUploadLimits();
  const uploads = useUploads(
    filesApi.uploadFile,
    {},
    limits?.file_max_bytes ?? null,
    limits?.accept ?? UPLOAD_ACCEPT,
  );
  const [typeId, setTypeId] = useState<DemandTypeId>(1);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [description, setDescription] = useState('');
  const [sampleCount, setSampleCount] = useState('');
  const [sampleNote, setSampleNote] = useState('');
  const [contactName, setContactName] = useState('');
  const [contactPhone, setContactPhone] = useState('');
  const [editingProfile, setEditingProfile] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<DemandResult | null>(null);
  const descId = useId();
  const noteId = useId();

  useEffect(() => {
    void reloadUser();
  }, []);

  // The contact starts as the profile's name and phone; the user may change both.
  useEffect(() => {
    if (!user) return;
    setContactName((v) => v || str(user.name));
    setContactPhone((v) => v || str(user.phone));
  }, [user]);

  // /experiment/demand?item=<rid> (from an item that needs a quote) starts with that item.
  useEffect(() => {
    const rid = new URLSearchParams(window.location.search).get('item');
    if (!rid) return;
    void api.call(catalogueApi.project, { rid }, { silent: true }).then((it) => {
      if (!it || (it.type_id !== 1 && it.type_id !== 3)) return;
      setTypeId(it.type_id);
      setPicked([it]);
    });
  }, []);

  if (done) return <Submitted result={done} onAgain={() => setDone(null)} />;

  const incomplete = missingBasicInfo(basicInfoOf(user));
  const attachments = uploads.items.filter((i) => i.state === 'done' && i.stored);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (incomplete) {
      toast.error(INCOMPLETE_BASIC_INFO);
      return;
    }
    if (uploads.busy) {
      toast.error('附件上传中，请稍候');
      return;
    }
    const parsed = demandSchema.safeParse({
      type_id: typeId,
      item_rids: picked.map((p) => p.rid),
      description,
      sample_count: sampleCount,
      sample_note: sampleNote,
      contact_name: contactName,
      contact_phone: contactPhone,
      file_rids: attachments.map((a) => a.stored!.rid),
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    setSubmitting(true);
    const result = await api.call(ordersApi.demand, parsed.data);
    setSubmitting(false);
    if (!result) return;
    toast.success('提交成功!');
    uploads.clear();
    setPicked([]);
    setDescription('');
    setSampleCount('');
    setSampleNote('');
    setDone(result);
  }

  function addFiles(files: File[]) {
    const room = DEMAND_MAX_FILES - uploads.items.filter((i) => i.state !== 'error').length;
    if (files.length > room) toast.error(`附件最多${DEMAND_MAX_FILES}个`);
    for (const f of files.slice(0, Math.max(0, room))) void uploads.add(f);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
      <form className="grid gap-4" onSubmit={submit} noValidate aria-label="提交需求">
        {incomplete && <IncompleteNotice user={user} onComplete={() => setEditingProfile(true)} />}

        <section className="card grid gap-4 p-4 md:p-6" aria-labelledby="demand-what">
          <h2 id="demand-what" className="text-base font-semibold text-slate-900">
            需求内容
          </h2>
          <Choices
            label="项目类型"
            name="type_id"
            required
            value={typeId}
            options={DEMAND_TYPES.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(v) => {
              setTypeId(v);
              setPicked((l) => l.filter((p) => p.type_id === v));
            }}
          />
          <ItemPicker typeId={typeId} picked={picked} onChange={setPicked} />
          <Row label="需求描述" htmlFor={descId} required>
            <textarea
              id={descId}
              name="description"
              className={`${textareaClass} min-h-36`}
              maxLength={DEMAND_DESCRIPTION_MAX}
              placeholder="请描述检测目的、测试项目与条件、执行标准、对报告的要求等，业务经理将据此为您报价"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <p className="mt-1 text-right text-xs text-slate-400 tabular-nums">
              {description.length} / {DEMAND_DESCRIPTION_MAX}
            </p>
          </Row>
          <TextField
            label="样品数量"
            name="sample_count"
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            placeholder="选填"
            value={sampleCount}
            onChange={(e) => setSampleCount(e.target.value)}
          />
          <Row label="样品说明" htmlFor={noteId}>
            <textarea
              id={noteId}
              name="sample_note"
              className={textareaClass}
              maxLength={DEMAND_SAMPLE_NOTE_MAX}
              placeholder="选填：样品形态、成分、尺寸、保存条件、是否有毒有害等"
              value={sampleNote}
              onChange={(e) => setSampleNote(e.target.value)}
            />
          </Row>
        </section>

        <section className="card grid gap-4 p-4 md:p-6" aria-labelledby="demand-files">
          <div>
            <h2 id="demand-files" className="text-base font-semibold text-slate-900">
              附件
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              选填，最多{DEMAND_MAX_FILES}个，单个文件不超过{limits ? mb(limits.file_max_bytes) : '…'}；支持
              {limits?.types_text ?? UPLOAD_TYPES_TEXT}
            </p>
          </div>
          <div>
            <FilePicker
              label="添加附件"
              multiple
              accept={limits?.accept ?? UPLOAD_ACCEPT}
              busy={uploads.busy}
              onFiles={addFiles}
            />
          </div>
          {uploads.items.length > 0 && (
            <ul className="grid gap-2" aria-label="附件列表">
              {uploads.items.map((i) => (
                <UploadRow key={i.key} item={i} onRemove={() => uploads.remove(i.key)} />
              ))}
            </ul>
          )}
        </section>

        <section className="card grid gap-4 p-4 md:p-6" aria-labelledby="demand-contact">
          <h2 id="demand-contact" className="text-base font-semibold text-slate-900">
            联系方式
          </h2>
          <TextField
            label="联系人"
            name="contact_name"
            required
            autoComplete="name"
            maxLength={32}
            value={contactName}
            onChange={(e) => setContactName(e.target.value)}
          />
          <TextField
            label="联系电话"
            name="contact_phone"
            type="tel"
            inputMode="numeric"
            required
            autoComplete="tel"
            maxLength={PHONE_MAX_LENGTH}
            value={contactPhone}
            onChange={(e) => setContactPhone(e.target.value)}
          />
          <div className="flex flex-wrap items-center gap-3 sm:pl-[8.25rem]">
            <button type="submit" className="btn-primary min-w-32 max-sm:w-full" disabled={submitting}>
              {submitting && <Spinner />}提交需求
            </button>
            <p className="text-xs text-slate-500">提交后订单进入「待报价」，业务经理确认后通知您</p>
          </div>
        </section>
      </form>

      <aside className="card p-4 text-sm text-slate-600 md:p-6" aria-labelledby="demand-how">
        <h2 id="demand-how" className="mb-3 text-base font-semibold text-slate-900">
          需求报价流程
        </h2>
        <ol className="grid gap-3">
          {[
            ['提交需求', '描述检测目的与要求，可附样品清单、参考文献等'],
            ['业务经理报价', '工作时间 2 小时内联系您确认方案与价格'],
            ['确认订单', '报价后在「我的订单」查看，按提示付款或寄样'],
            ['签署协议寄样', '在「委托协议」下载协议，签署后随样品寄出'],
          ].map(([title, text], i) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                {i + 1}
              </span>
              <div>
                <p className="font-medium text-slate-800">{title}</p>
                <p className="text-xs text-slate-500">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </aside>
      <ProfileDialog
        open={editingProfile}
        onClose={() => setEditingProfile(false)}
        onSaved={() => void reloadUser()}
      />
    </div>
  );
}

/** Optional catalogue items of the chosen type, found by keyword. */
function ItemPicker({
  typeId,
  picked,
  onChange,
}: {
  typeId: DemandTypeId;
  picked: Picked[];
  onChange: (list: Picked[]) => void;
}) {
  const id = useId();
  const [kw, setKw] = useState('');
  const [results, setResults] = useState<ProjectListItem[] | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    setResults(null);
  }, [typeId]);

  async function search() {
    setSearching(true);
    const res = await api.call(catalogueApi.projects, {
      typeId,
      kw: kw.trim() || undefined,
      page: 1,
      size: 8,
    });
    setSearching(false);
    if (res) setResults(res.list);
  }

  const has = (rid: string) => picked.some((p) => p.rid === rid);
  return (
    <Row label="检测项目" htmlFor={id} hint={`选填，最多${DEMAND_MAX_ITEMS}项；不确定可只填写需求描述`}>
      {picked.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="已选项目">
          {picked.map((p) => (
            <li
              key={p.rid}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
            >
              {p.name}
              <button
                type="button"
                aria-label={`移除项目 ${p.name}`}
                className="flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                onClick={() => onChange(picked.filter((x) => x.rid !== p.rid))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={inputClass}
          placeholder="输入项目名称搜索，如 XRD、扫描电镜"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button
          type="button"
          className="btn-ghost shrink-0"
          onClick={() => void search()}
          disabled={searching}
        >
          {searching && <Spinner />}搜索
        </button>
      </div>
      {results && (
        <ul className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200" aria-label="搜索结果">
          {results.length === 0 && (
            <li className="px-3 py-4 text-center text-sm text-slate-400">没有找到相关项目</li>
          )}
          {results.map((r) => (
            <li
              key={r.rid}
              className="flex items-center gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-800">{r.name}</p>
                <p className="text-xs text-slate-400">
                  {fenToYuan(r.price_fen)} {r.unit}
                  {r.quote_only ? ' 起，需报价' : ''}
                </p>
              </div>
              <button
                type="button"
                className="btn-ghost shrink-0 px-3 py-1 text-xs"
                disabled={has(r.rid) || picked.length >= DEMAND_MAX_ITEMS}
                onClick={() => onChange([...picked, r])}
                aria-label={`添加项目 ${r.name}`}
              >
                {has(r.rid) ? '已添加' : '添加'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Row>
  );
}

function Submitted({ result, onAgain }: { result: DemandResult; onAgain: () => void }) {
  // The form was long: bring the result into view and put focus on it.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'center' });
    card.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={card}
      tabIndex={-1}
      className="card mx-auto max-w-xl px-6 py-10 text-center outline-none"
      role="status"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-50 text-2xl text-accent-600"
      >
        ✓
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">需求已提交</h2>
      <p className="mt-2 text-sm text-slate-600">
        订单号 <strong className="font-semibold text-slate-900 tabular-nums">{result.order_no}</strong>
        <span className="ml-2 rounded-full bg-hot-50 px-2 py-0.5 text-xs font-medium text-hot-600 ring-1 ring-hot-100">
          {result.status_text}
        </span>
      </p>
      <p className="mt-2 text-sm text-slate-500">
        {result.files > 0 ? `已附 ${result.files} 个附件。` : ''}
        业务经理将尽快与您联系并报价，报价后短信通知您。
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={`/member/order?rid=${encodeURIComponent(result.rid)}`}>
          查看订单
        </a>
        <a className="btn-ghost" href="/experiment/contract">
          下载委托协议
        </a>
        <button type="button" className="btn-ghost" onClick={onAgain}>
          继续提交需求
        </button>
      </div>
    </div>
  );
}

export default memberOnly(DemandForm);
