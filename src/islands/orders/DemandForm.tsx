import { useEffect, useId, useState, type FormEvent } from 'react';
import ProfileDialog from '../member/ProfileDialog.tsx';
import { IncompleteNotice, basicInfoOf } from '../member/ProfileSummary.tsx';
import { Choices, Row, Spinner, TextField, textareaClass } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';
import { reloadUser, useSessionUser } from '../ui/session-user.ts';
import { useUploadLimits, useUploads } from '../files/uploads.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { INCOMPLETE_BASIC_INFO, missingBasicInfo } from '../../lib/shared/member/completeness.ts';
import {
  DEMAND_DESCRIPTION_MAX,
  DEMAND_SAMPLE_NOTE_MAX,
  DEMAND_TYPES,
  UPLOAD_ACCEPT,
  demandSchema,
  type DemandResult,
  type DemandTypeId,
} from '../../lib/shared/orders/demand.ts';
import { PHONE_MAX_LENGTH } from '../../lib/shared/member/address.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';
import { ordersApi } from '../../lib/shared/orders/api.ts';
import { filesApi } from '../../lib/shared/files/api.ts';
import ItemPicker, { type Picked } from './ItemPicker.tsx';
import { DemandAttachments, DemandSteps, Submitted } from './DemandParts.tsx';

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

        <DemandAttachments uploads={uploads} limits={limits} />

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

      <DemandSteps />
      <ProfileDialog
        open={editingProfile}
        onClose={() => setEditingProfile(false)}
        onSaved={() => void reloadUser()}
      />
    </div>
  );
}

export default memberOnly(DemandForm);
