import { QueryBuilder } from 'drizzle-orm/pg-core';
import { orderEvents, orderItems, orders } from './tables.ts';

const qb = new QueryBuilder();

/**
 * The orders as other domains read them beside their own rows (an order number on a ledger line,
 * orders counted for a rebate): a read-only subquery joined on `id` under the alias given.
 * Postgres inlines it, so the join costs what joining the table did (decision 0061).
 */
export const orderDirectory = (alias: string) =>
  qb
    .select({
      id: orders.id,
      rid: orders.rid,
      orderNo: orders.orderNo,
      userId: orders.userId,
      typeId: orders.typeId,
      /** 机构 or 企业, as taken from the customer's organisation when ordering. */
      customerKind: orders.customerKind,
      status: orders.status,
      amountFen: orders.amountFen,
      quotedFen: orders.quotedFen,
      paidFen: orders.paidFen,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      /** The promised date for the data, fixed at receipt (decision 0079). */
      dueDate: orders.dueDate,
    })
    .from(orders)
    .as(alias);

/** An order's lines as documents list them (statements, invoices): joined on `orderId`. */
export const orderLineDirectory = (alias: string) =>
  qb
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      itemRid: orderItems.itemRid,
      name: orderItems.name,
      priceFen: orderItems.priceFen,
      unit: orderItems.unit,
      sampleCount: orderItems.sampleCount,
      lineFen: orderItems.lineFen,
      /** The customer's choice for the samples after the test (0 destroy, 1 send back, 2 keep). */
      disposal: orderItems.disposal,
      /** The item's promised working days when ordered (decision 0079); null: no promise. */
      turnaroundDays: orderItems.turnaroundDays,
      /** 预计 N 个工作日内开始测试 as told when ordered or quoted (decision 0097); null: none. */
      startEstimateDays: orderItems.startEstimateDays,
    })
    .from(orderItems)
    .as(alias);

/** An order's status changes (when it was completed, settled…): joined on `orderId`. */
export const orderEventDirectory = (alias: string) =>
  qb
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      toStatus: orderEvents.toStatus,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .as(alias);
