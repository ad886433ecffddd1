// Personal information self-service (China's PIPL; issue 19): everything the portal holds about
// a customer, in one ZIP they download — readable JSON per subject, and their files.
import { asc, eq, inArray, or } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import type { Services } from '../platform/services.ts';
import { addresses, samplings } from '../member/tables.ts';
import { couponTemplates, coupons } from '../coupons/tables.ts';
import { files } from '../files/tables.ts';
import { groupMembers, researchGroups } from '../groups/tables.ts';
import { invoiceApplications, invoiceTitles } from '../invoices/tables.ts';
import { orderEvents, orderItems, orders } from '../orders/tables.ts';
import { pointsEntries } from '../points/tables.ts';
import { users } from '../accounts/tables.ts';
import { accountHistory, accountOf } from '../money/index.ts';

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** The customer's data as a ZIP: 个人资料, 地址, 订单, 资金明细, 发票, 优惠券, 积分, 课题组, 文件/. */
export async function personalDataZip(s: Services, userId: number): Promise<Uint8Array> {
  const db = s.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // Secrets are not personal information to hand out: the password hash stays.
  const { passwordHash: _hash, ...profile } = user;
  const myOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const orderIds = myOrders.map((o) => o.id);
  const [lines, events] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
        db
          .select()
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds))
          .orderBy(asc(orderEvents.id)),
      ])
    : [[], []];
  const account = await accountOf(db, 'user', userId);
  const movements = account ? await accountHistory(db, account.id) : [];
  const [myAddresses, mySamplings, titles, applications, myCoupons, points, memberships, myFiles] =
    await Promise.all([
      db.select().from(addresses).where(eq(addresses.userId, userId)),
      db.select().from(samplings).where(eq(samplings.userId, userId)),
      db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)),
      db.select().from(invoiceApplications).where(eq(invoiceApplications.userId, userId)),
      db
        .select({ coupon: coupons, name: couponTemplates.name })
        .from(coupons)
        .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
        .where(eq(coupons.userId, userId)),
      db.select().from(pointsEntries).where(eq(pointsEntries.userId, userId)).orderBy(asc(pointsEntries.id)),
      db
        .select({
          group: researchGroups.name,
          role: groupMembers.role,
          status: groupMembers.status,
          since: groupMembers.createdAt,
        })
        .from(groupMembers)
        .innerJoin(researchGroups, eq(researchGroups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, userId)),
      db
        .select()
        .from(files)
        .where(
          orderIds.length
            ? or(eq(files.ownerId, userId), inArray(files.orderId, orderIds))
            : eq(files.ownerId, userId),
        ),
    ]);

  const entries: Record<string, Uint8Array> = {
    '说明.txt': strToU8(
      `${s.content.site.name} 个人信息副本\n导出时间：${new Date(s.now()).toISOString()}\n` +
        '包含：个人资料、地址、取样预约、订单（项目与进度）、资金明细、发票抬头与开票申请、优惠券、积分、课题组，以及您上传或收到的文件。\n' +
        '如需更正或删除个人信息，请在会员中心修改资料，或联系客服。\n',
    ),
    '个人资料.json': json(profile),
    '地址.json': json(myAddresses),
    '取样预约.json': json(mySamplings),
    '订单.json': json(
      myOrders.map((o) => ({
        ...o,
        items: lines.filter((l) => l.orderId === o.id),
        timeline: events.filter((e) => e.orderId === o.id),
      })),
    ),
    '资金明细.json': json({ account: account ?? null, movements }),
    '发票.json': json({ titles, applications }),
    '优惠券.json': json(myCoupons.map((c) => ({ ...c.coupon, name: c.name }))),
    '积分.json': json(points),
    '课题组.json': json(memberships),
  };
  for (const f of myFiles) {
    const bytes = await s.storage.get(f.storageKey);
    if (bytes) entries[`文件/${f.rid}-${f.originalName}`] = bytes;
  }
  return zipSync(entries, { level: 6 });
}
