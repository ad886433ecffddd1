import type { Services } from '../platform/services.ts';
import { attachFilesToOrder, lockFreeAttachments } from '../files/index.ts';
import { findUserById } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { customerKindOf, payModeOf } from '../../shared/orders/order-status.ts';
import { DEMAND_FILE_NOT_FOUND, type DemandRequest, type DemandResult } from '../../shared/orders/demand.ts';
import { projectTypeNames, type ProjectTypeId } from '../../shared/catalogue/catalogue.ts';
import { assertBasicInfo } from './basic-info.ts';
import { groupLines, insertOrder, selfDelivery } from './place.ts';
import { addEvent } from './transition.ts';

/**
 * order/demand: a quote request. It becomes an order in 待报价 through the same placement code
 * as order/add (catalogue checks, order number, timeline), with the request kept on the order
 * and the user's uploaded attachments linked to it, all in one transaction: a refused
 * attachment leaves no order behind.
 */
export async function placeDemand(s: Services, userId: number, req: DemandRequest): Promise<DemandResult> {
  const now = s.now();
  const user = await findUserById(s.db, userId);
  if (!user) throw new DomainError('请先登录', 401);
  assertBasicInfo(user);
  const kind = customerKindOf(user.organization);

  return s.db.transaction(async (tx) => {
    const groups = await groupLines(
      tx,
      userId,
      // The sample count asked for applies to each named item (its default otherwise).
      req.item_rids.map((itemRid) => ({ itemRid, count: req.sample_count })),
      true,
    );
    const typeName = projectTypeNames[req.type_id as ProjectTypeId];
    for (const [typeId, group] of groups) {
      if (typeId !== req.type_id)
        throw new DomainError(`「${group.rows[0].name}」不属于${typeName}项目，请分开提交`);
    }

    // Attachments: the user's own, uploaded for a demand (not yet on any order). Locked, so
    // two requests cannot both take the same file.
    let attached: { id: number; originalName: string }[] = [];
    if (req.file_rids.length > 0) {
      attached = await lockFreeAttachments(tx, userId, req.file_rids);
      if (attached.length !== req.file_rids.length)
        throw new DomainError(DEMAND_FILE_NOT_FOUND, 200, 'NOT_FOUND');
    }

    const { id, placed } = await insertOrder(tx, {
      userId,
      typeId: req.type_id,
      status: 'quoting',
      kind,
      payMode: payModeOf(user.organization),
      rows: groups.get(req.type_id)?.rows ?? [],
      // The sample is posted unless the quote says otherwise; the contact is who staff call.
      delivery: selfDelivery({ name: req.contact_name, phone: req.contact_phone }),
      remark: '',
      demand: {
        description: req.description,
        sample_count: req.sample_count ?? null,
        sample_note: req.sample_note,
        contact_name: req.contact_name,
        contact_phone: req.contact_phone,
      },
      note: '需求已提交，业务经理将尽快与您联系并报价',
      now,
    });

    if (attached.length > 0) {
      await attachFilesToOrder(
        tx,
        attached.map((f) => f.id),
        id,
      );
      await addEvent(tx, {
        orderId: id,
        from: 'quoting',
        to: 'quoting',
        action: 'upload',
        actor: 'customer',
        actorId: userId,
        note: `需求附件：${attached.map((f) => f.originalName).join('、')}`,
        now,
      });
    }
    return { ...placed, files: attached.length };
  });
}
