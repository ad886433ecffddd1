import { z } from '../zod.ts';
import {
  firstProblem,
  looseText,
  PHONE_MAX_LENGTH,
  regionOf,
  regionShape,
  rules,
  textProblem,
  type Check,
} from './address.ts';

// The profile-completion dialog and POST /api/auth/update4profile (spec sections 2, 3 and 5).

/** Organization values (spec section 3); the dialog lists them in this order, student first. */
export const ORGANIZATION = { student: 0, teacher: 3, individual: 1, enterprise: 2 } as const;
export type Organization = (typeof ORGANIZATION)[keyof typeof ORGANIZATION];
export const ORGANIZATION_OPTIONS: { value: Organization; label: string }[] = [
  { value: 0, label: '学生' },
  { value: 3, label: '老师' },
  { value: 1, label: '个人' },
  { value: 2, label: '企业' },
];
export const organizationLabel = (v: number | null | undefined) =>
  ORGANIZATION_OPTIONS.find((o) => o.value === v)?.label ?? '未设置';
/** The dialog's initial user type. */
export const DEFAULT_ORGANIZATION: Organization = ORGANIZATION.student;

const isOrganization = (v: unknown): v is Organization => v === 0 || v === 1 || v === 2 || v === 3;

const organizationField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v === null || v === '' ? undefined : v),
  z.unknown(),
);

const shape = {
  name: looseText('「姓名」格式不正确'),
  email: looseText('「邮箱」格式不正确'),
  organization: organizationField,
  company: looseText('「公司/单位」格式不正确'),
  teacher: looseText('「导师/负责人」格式不正确'),
  teacher_phone: looseText('「导师电话」格式不正确'),
  teacher_mail: looseText('「导师邮箱」格式不正确'),
  company_leader: looseText('「负责人姓名」格式不正确'),
  company_leader_phone: looseText('「负责人电话」格式不正确'),
  ...regionShape,
  address: looseText('「详细地址」格式不正确'),
};
type Raw = z.output<z.ZodObject<typeof shape>>;

const student = (v: Raw) => v.organization === ORGANIZATION.student;
const enterprise = (v: Raw) => v.organization === ORGANIZATION.enterprise;
/** Optional contact phones: a landline may carry a dash, so digits and '-' up to 11 characters. */
const contactPhone = (value: string, label: string) =>
  value.length > PHONE_MAX_LENGTH
    ? `${label}最多${PHONE_MAX_LENGTH}位`
    : value && !/^[\d-]+$/.test(value)
      ? `${label}格式不正确`
      : null;

// The dialog's field order; the teacher fields only count for students, the leader fields only
// for enterprises (they are hidden otherwise).
const checks: Check<Raw>[] = [
  ['name', (v) => textProblem(v.name, '「姓名」', 32)],
  [
    'email',
    (v) =>
      rules.required(v.email, '「邮箱」') ||
      rules.max(v.email, '「邮箱」', 100) ||
      rules.email(v.email, '「邮箱」'),
  ],
  [
    'organization',
    (v) =>
      v.organization === undefined
        ? '「用户类型」不能为空'
        : isOrganization(v.organization)
          ? null
          : '「用户类型」不正确',
  ],
  ['company', (v) => textProblem(v.company, '「公司/单位」', 100)],
  ['teacher', (v) => student(v) && textProblem(v.teacher, '「导师/负责人」', 32)],
  ['teacher_phone', (v) => student(v) && contactPhone(v.teacher_phone, '「导师电话」')],
  [
    'teacher_mail',
    (v) =>
      student(v) &&
      v.teacher_mail &&
      (rules.max(v.teacher_mail, '「导师邮箱」', 100) || rules.email(v.teacher_mail, '「导师邮箱」')),
  ],
  // The spec's order (section 5): 寄送地址 and 详细地址 come before the enterprise leader.
  ['region', (v) => (regionOf(v) ? null : '「寄送地址」不能为空')],
  ['address', (v) => textProblem(v.address, '「详细地址」', 200)],
  ['company_leader', (v) => enterprise(v) && textProblem(v.company_leader, '「负责人姓名」', 32)],
  ['company_leader_phone', (v) => enterprise(v) && contactPhone(v.company_leader_phone, '「负责人电话」')],
];

/**
 * POST /api/auth/update4profile. Inputs are trimmed; the region may come as the picker's
 * 'province-city-area-code' string (`region`) or as its four parts. Fields hidden for the chosen
 * user type are cleared, so a former student's teacher does not linger on an enterprise.
 */
export const profileSchema = z
  .object(shape, { error: '请求参数格式不正确' })
  .superRefine(firstProblem(checks))
  .transform((v) => ({
    name: v.name,
    email: v.email,
    organization: v.organization as Organization,
    company: v.company,
    teacher: student(v) ? v.teacher : '',
    teacher_phone: student(v) ? v.teacher_phone : '',
    teacher_mail: student(v) ? v.teacher_mail : '',
    company_leader: enterprise(v) ? v.company_leader : '',
    company_leader_phone: enterprise(v) ? v.company_leader_phone : '',
    ...regionOf(v)!,
    address: v.address,
  }));

export type Profile = z.output<typeof profileSchema>;
export type ProfileForm = z.input<typeof profileSchema>;
