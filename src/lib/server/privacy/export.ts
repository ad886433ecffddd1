// Personal information self-service (China's PIPL; issue 19): everything the portal holds about
// a customer, in one ZIP they download — readable JSON per subject, and their files.
import { zipSync, strToU8 } from 'fflate';
import type { Services } from '../platform/services.ts';
import { referencedUser } from '../accounts/index.ts';
import { couponsOfPerson } from '../coupons/index.ts';
import { filesOfPerson } from '../files/index.ts';
import { membershipsOf } from '../groups/index.ts';
import { invoiceDataOf } from '../invoices/index.ts';
import { memberDataOf } from '../member/index.ts';
import { accountHistory, accountOf } from '../money/index.ts';
import { ordersOfPerson } from '../orders/index.ts';
import { pointsEntriesOf } from '../points/index.ts';

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/**
 * The customer's data as a ZIP: 个人资料, 地址, 订单, 资金明细, 发票, 优惠券, 积分, 课题组, 文件/.
 * Each domain hands over its own part.
 */
export async function personalDataZip(s: Services, userId: number): Promise<Uint8Array> {
  const db = s.db;
  const user = await referencedUser(db, userId);
  // Secrets are not personal information to hand out: the password hash stays.
  const { passwordHash: _hash, ...profile } = user;
  const myOrders = await ordersOfPerson(db, userId);
  const account = await accountOf(db, 'user', userId);
  const movements = account ? await accountHistory(db, account.id) : [];
  const [member, invoices, myCoupons, points, memberships, myFiles] = await Promise.all([
    memberDataOf(db, userId),
    invoiceDataOf(db, userId),
    couponsOfPerson(db, userId),
    pointsEntriesOf(db, userId),
    membershipsOf(db, userId),
    filesOfPerson(
      db,
      userId,
      myOrders.map((o) => o.id),
    ),
  ]);

  const entries: Record<string, Uint8Array> = {
    '说明.txt': strToU8(
      `${s.content.site.name} 个人信息副本\n导出时间：${new Date(s.now()).toISOString()}\n` +
        '包含：个人资料、地址、取样预约、订单（项目与进度）、资金明细、发票抬头与开票申请、优惠券、积分、课题组，以及您上传或收到的文件。\n' +
        '如需更正或删除个人信息，请在会员中心修改资料，或联系客服。\n',
    ),
    '个人资料.json': json(profile),
    '地址.json': json(member.addresses),
    '取样预约.json': json(member.samplings),
    '订单.json': json(myOrders),
    '资金明细.json': json({ account: account ?? null, movements }),
    '发票.json': json(invoices),
    '优惠券.json': json(myCoupons),
    '积分.json': json(points),
    '课题组.json': json(memberships),
  };
  for (const f of myFiles) {
    const bytes = await s.storage.get(f.storageKey);
    if (bytes) entries[`文件/${f.rid}-${f.originalName}`] = bytes;
  }
  return zipSync(entries, { level: 6 });
}
