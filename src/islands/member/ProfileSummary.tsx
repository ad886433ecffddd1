// What /member/information and /member/center show of the profile: the fields, and the notice
// when basic info is incomplete (the same rule the order endpoint applies).
import type { User } from '../../lib/client/stores.ts';
import { INCOMPLETE_BASIC_INFO, missingBasicFields } from '../../lib/shared/member/completeness.ts';
import { ORGANIZATION, organizationLabel } from '../../lib/shared/member/profile.ts';
import { regionLabel } from '../../lib/shared/member/region.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function basicInfoOf(user: User | null) {
  return {
    name: str(user?.name),
    email: str(user?.email),
    organization: num(user?.organization),
    company: str(user?.company),
    address_code: str(user?.address_code),
    address: str(user?.address),
  };
}

export function IncompleteNotice({ user, onComplete }: { user: User | null; onComplete: () => void }) {
  const missing = missingBasicFields(basicInfoOf(user));
  if (!missing.length) return null;
  // A staff account is not a customer: say so once instead of asking for a profile.
  if (user?.staff_role)
    return (
      <p
        data-staff-account
        className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700"
      >
        这是工作人员账号，无需完善客户资料。
      </p>
    );
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-hot-100 bg-hot-50 px-4 py-3 text-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-hot-500 font-bold text-white"
      >
        !
      </span>
      <div className="min-w-56 flex-1">
        <p className="font-semibold text-hot-600">{INCOMPLETE_BASIC_INFO}</p>
        <p className="mt-0.5 text-slate-600">尚未填写：{missing.join('、')}</p>
      </div>
      <button
        type="button"
        className="btn bg-hot-500 text-white hover:bg-hot-600 max-sm:w-full"
        onClick={onComplete}
      >
        立即完善
      </button>
    </div>
  );
}

/** The profile as a definition list; teacher rows for students, leader rows for enterprises. */
export function ProfileFields({ user }: { user: User | null }) {
  const org = num(user?.organization);
  const place = regionLabel({
    province: str(user?.province),
    city: str(user?.city),
    area: str(user?.area),
  });
  const rows: [string, string][] = [
    ['姓名', str(user?.name)],
    ['邮箱', str(user?.email)],
    ['用户类型', org === null ? '' : organizationLabel(org)],
    ['公司/单位', str(user?.company)],
    ...(org === ORGANIZATION.student
      ? ([
          ['导师/负责人', str(user?.teacher)],
          ['导师电话', str(user?.teacher_phone)],
          ['导师邮箱', str(user?.teacher_mail)],
        ] as [string, string][])
      : []),
    ...(org === ORGANIZATION.enterprise
      ? ([
          ['负责人姓名', str(user?.company_leader)],
          ['负责人电话', str(user?.company_leader_phone)],
        ] as [string, string][])
      : []),
    ['寄送地址', [place, str(user?.address)].filter(Boolean).join(' ')],
  ];
  return (
    <dl className="grid gap-x-8 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div
          key={label}
          className="flex gap-3 border-b border-slate-100 py-3 text-sm last:border-b-0 sm:[&:nth-last-child(2)]:border-b-0"
        >
          <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
          <dd className={`min-w-0 break-words ${value ? 'text-slate-900' : 'text-slate-400'}`}>
            {value || '未填写'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
