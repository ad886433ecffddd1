import { count, eq } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { addresses } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Profile } from '../../shared/member/profile.ts';
import type { UserInfo } from '../../shared/accounts/auth.ts';
import { lockUser, toUserInfo, updateUser } from '../accounts/index.ts';
import { insertAddress } from './addresses.ts';
import { assertKnownRegion } from './regions.ts';
import { assignByRotation } from '../customers/index.ts';

/**
 * Stores the attested profile. A user with an empty address book also gets the profile's
 * region and detailed address as their first (default) address, with their name and login
 * phone, so the "no address" prompt after login goes away (docs/decisions/0017).
 */
export async function updateProfile(s: Services, userId: number, p: Profile): Promise<UserInfo> {
  assertKnownRegion(p);
  return s.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const user = await updateUser(tx, userId, {
      name: p.name,
      email: p.email,
      organization: p.organization,
      company: p.company,
      teacher: p.teacher,
      teacherPhone: p.teacher_phone,
      teacherMail: p.teacher_mail,
      companyLeader: p.company_leader,
      companyLeaderPhone: p.company_leader_phone,
      province: p.province,
      city: p.city,
      area: p.area,
      addressCode: p.address_code,
      address: p.address,
      updatedAt: new Date(s.now()),
    });
    if (!user) throw new DomainError('请先登录', 401);
    // A new institution or enterprise customer gets a 专属顾问 in turn, when the rotation is on.
    await assignByRotation(tx, user, s.now());
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n === 0) {
      await insertAddress(
        tx,
        userId,
        {
          name: p.name,
          phone: user.phone,
          province: p.province,
          city: p.city,
          area: p.area,
          address: p.address,
          address_code: p.address_code,
        },
        s.now(),
      );
    }
    return toUserInfo(user);
  });
}
