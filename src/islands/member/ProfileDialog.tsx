import { useEffect, useId, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import RegionPicker from '../region/RegionPicker.tsx';
import { Choices, Row, Spinner, TextField, inputClass } from '../ui/kit.tsx';
import { reloadUser } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { $user, type User } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import {
  DEFAULT_ORGANIZATION,
  ORGANIZATION,
  ORGANIZATION_OPTIONS,
  profileSchema,
  type Organization,
} from '../../lib/shared/member/profile.ts';
import { PHONE_MAX_LENGTH } from '../../lib/shared/member/address.ts';
import type { Region } from '../../lib/shared/member/region.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

const PROFILE_WIDTH = 870;
const MSG_PROFILE_SAVED = '提交成功!';

type Form = {
  name: string;
  email: string;
  organization: Organization;
  company: string;
  teacher: string;
  teacher_phone: string;
  teacher_mail: string;
  company_leader: string;
  company_leader_phone: string;
  region: Region | null;
  address: string;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The dialog starts from what user/info says (empty for a new account, user type 学生). */
function initialForm(user: User | null): Form {
  const org = user?.organization;
  const region =
    user && str(user.address_code)
      ? {
          province: str(user.province),
          city: str(user.city),
          area: str(user.area),
          address_code: str(user.address_code),
        }
      : null;
  return {
    name: str(user?.name),
    email: str(user?.email),
    organization: org === 0 || org === 1 || org === 2 || org === 3 ? org : DEFAULT_ORGANIZATION,
    company: str(user?.company),
    teacher: str(user?.teacher),
    teacher_phone: str(user?.teacher_phone),
    teacher_mail: str(user?.teacher_mail),
    company_leader: str(user?.company_leader),
    company_leader_phone: str(user?.company_leader_phone),
    region,
    address: str(user?.address),
  };
}

/**
 * The profile-completion dialog (spec section 2): 870 px, never mandatory (暂不提交 closes it).
 * Teacher fields show only for students and company-leader fields only for enterprises; the
 * shared schema trims every input and names the first problem, shown as one error toast.
 */
export default function ProfileDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const [form, setForm] = useState<Form>(() => initialForm($user.get()));
  const [pending, setPending] = useState(false);
  const regionId = useId();

  // Each opening starts from the stored profile, not from a draft that was abandoned.
  useEffect(() => {
    if (open) setForm(initialForm($user.get()));
  }, [open]);

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form) => ({
    value: form[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key)(e.target.value as never),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { region, ...rest } = form;
    const parsed = profileSchema.safeParse({ ...rest, ...(region ?? {}) });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '请检查填写的信息');
      return;
    }
    setPending(true);
    const done = await api.call(memberApi.updateProfileOld, parsed.data);
    if (done !== undefined) {
      toast.success(MSG_PROFILE_SAVED);
      await reloadUser();
      onSaved?.();
      onClose();
    }
    setPending(false);
  }

  const student = form.organization === ORGANIZATION.student;
  const enterprise = form.organization === ORGANIZATION.enterprise;
  const formId = `${regionId}-form`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="完善基本信息"
      width={PROFILE_WIDTH}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            暂不提交
          </button>
          <button type="submit" form={formId} className="btn-primary min-w-24" disabled={pending}>
            {pending && <Spinner />}
            提交
          </button>
        </>
      }
    >
      <p className="mb-5 rounded-lg bg-brand-50 px-4 py-2.5 text-sm text-brand-800">
        完善基本信息后即可正常下单，寄送地址将用于寄送检测报告与样品。
      </p>
      <form id={formId} noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2 md:gap-x-6">
        <TextField label="姓名" name="name" required autoComplete="name" maxLength={32} {...text('name')} />
        <TextField
          label="邮箱"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={100}
          {...text('email')}
        />
        <div className="md:col-span-2">
          <Choices
            label="用户类型"
            name="organization"
            required
            value={form.organization}
            options={ORGANIZATION_OPTIONS}
            onChange={set('organization')}
          />
        </div>
        <div className="md:col-span-2">
          <TextField
            label="公司/单位"
            name="company"
            required
            autoComplete="organization"
            maxLength={100}
            placeholder={student || form.organization === ORGANIZATION.teacher ? '学校及院系' : '单位全称'}
            {...text('company')}
          />
        </div>
        {student && (
          <>
            <TextField label="导师/负责人" name="teacher" required maxLength={32} {...text('teacher')} />
            <TextField
              label="导师电话"
              name="teacher_phone"
              type="tel"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
              {...text('teacher_phone')}
            />
            <TextField
              label="导师邮箱"
              name="teacher_mail"
              type="email"
              maxLength={100}
              {...text('teacher_mail')}
            />
          </>
        )}
        {enterprise && (
          <>
            <TextField
              label="负责人姓名"
              name="company_leader"
              required
              maxLength={32}
              {...text('company_leader')}
            />
            <TextField
              label="负责人电话"
              name="company_leader_phone"
              type="tel"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
              {...text('company_leader_phone')}
            />
          </>
        )}
        <div className="md:col-span-2">
          <Row label="寄送地址" htmlFor={regionId} required>
            <RegionPicker id={regionId} value={form.region} onChange={set('region')} />
          </Row>
        </div>
        <div className="md:col-span-2">
          <Row label="详细地址" htmlFor={`${regionId}-address`} required>
            <input
              id={`${regionId}-address`}
              name="address"
              className={inputClass}
              maxLength={200}
              placeholder="街道、门牌号、楼层房间号"
              autoComplete="street-address"
              {...text('address')}
            />
          </Row>
        </div>
      </form>
    </Dialog>
  );
}
