// Whether a customer's basic information is complete enough to order (spec section 5). One
// rule for the member pages, the plan page and the order endpoint.

/** Shown (and returned by the server) when an order is attempted with incomplete basic info. */
export const INCOMPLETE_BASIC_INFO = '未完善基本信息无法正常下单';

/** The user/info fields the rule reads (userInfo carries them after update4profile). */
export type BasicInfo = {
  name?: string | null;
  email?: string | null;
  organization?: number | null;
  company?: string | null;
  /** The profile's region code and detailed address. */
  address_code?: string | null;
  address?: string | null;
};

const blank = (v: string | null | undefined) => !v || !v.trim();

/** The labels of what is missing, in the profile dialog's order; empty when complete. */
export function missingBasicFields(user: BasicInfo | null | undefined): string[] {
  if (!user) return ['姓名', '邮箱', '用户类型', '公司/单位', '地址'];
  const missing: string[] = [];
  if (blank(user.name)) missing.push('姓名');
  if (blank(user.email)) missing.push('邮箱');
  if (user.organization === null || user.organization === undefined) missing.push('用户类型');
  if (blank(user.company)) missing.push('公司/单位');
  if (blank(user.address_code) || blank(user.address)) missing.push('地址');
  return missing;
}

/** True when name, e-mail, user type, company or address is missing. */
export const missingBasicInfo = (user: BasicInfo | null | undefined): boolean =>
  missingBasicFields(user).length > 0;
