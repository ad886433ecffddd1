// The console's one list of screens: each entry's path, permission, sidebar place and lazily loaded
// page. The sidebar, the routes and their permission guards are all read from here, so a screen is
// added (or its permission changed) in one line, and each page is its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Me } from './session.ts';
import type { Permission } from '../lib/shared/staff/permissions.ts';

/** What every page receives: the signed-in staff member and the path's parameters. */
type ScreenProps = { me: Me; params: Record<string, string | undefined> };

/** The sidebar's groups, in their order. */
const NAV_GROUPS = ['概览', '业务', '资金', '营销', '积分', '内容', '系统'] as const;
type NavGroup = (typeof NAV_GROUPS)[number];

export type Screen = {
  /** A wouter pattern under /admin. */
  path: string;
  permission: Permission;
  page: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** Where the screen sits in the sidebar; a detail screen has none. */
  nav?: { group: NavGroup; label: string };
};

const page = (load: () => Promise<{ default: ComponentType<ScreenProps> }>) => lazy(load);

/** In sidebar order within each group. */
export const SCREENS: Screen[] = [
  {
    path: '/',
    permission: 'dashboard.read',
    nav: { group: '概览', label: '工作台' },
    page: page(() => import('./orders/Dashboard.tsx')),
  },
  {
    path: '/orders',
    permission: 'orders.read',
    nav: { group: '业务', label: '订单管理' },
    page: page(() => import('./orders/Orders.tsx')),
  },
  {
    path: '/orders/:rid',
    permission: 'orders.read',
    page: page(() =>
      import('./orders/OrderDetail.tsx').then(({ default: OrderDetail }) => ({
        default: ({ me, params }: ScreenProps) => <OrderDetail rid={params.rid ?? ''} me={me} />,
      })),
    ),
  },
  {
    path: '/worklist',
    permission: 'orders.process',
    nav: { group: '业务', label: '我的工作' },
    page: page(() => import('./worklist/Worklist.tsx')),
  },
  {
    path: '/pickups',
    permission: 'orders.read',
    nav: { group: '业务', label: '上门取样' },
    page: page(() => import('./orders/Pickups.tsx')),
  },
  {
    path: '/samples/receive',
    permission: 'orders.process',
    nav: { group: '业务', label: '样品签收' },
    page: page(() => import('./samples/Receive.tsx')),
  },
  {
    path: '/samples/disposals',
    permission: 'orders.read',
    nav: { group: '业务', label: '样品处置' },
    page: page(() => import('./samples/Disposals.tsx')),
  },
  {
    path: '/results/queue',
    permission: 'results.review',
    nav: { group: '业务', label: '待审核' },
    page: page(() => import('./results/Queue.tsx')),
  },
  {
    path: '/reservations',
    permission: 'reservations.read',
    nav: { group: '业务', label: '仪器预约' },
    page: page(() => import('./reservations/Reservations.tsx')),
  },
  {
    path: '/samples/locations',
    permission: 'storage.read',
    nav: { group: '业务', label: '存储位置' },
    page: page(() => import('./samples/Locations.tsx')),
  },
  {
    path: '/samples/locations/print',
    permission: 'storage.read',
    page: page(() => import('./samples/LocationLabels.tsx')),
  },
  {
    path: '/calendar',
    permission: 'dashboard.read',
    nav: { group: '业务', label: '工作日历' },
    page: page(() => import('./calendar/WorkingCalendar.tsx')),
  },
  {
    path: '/analytics/turnaround',
    permission: 'analytics.read',
    nav: { group: '概览', label: '周期报表' },
    page: page(() => import('./analytics/Turnaround.tsx')),
  },
  {
    path: '/analytics/revenue',
    permission: 'analytics.read',
    nav: { group: '概览', label: '营收' },
    page: page(() => import('./analytics/Revenue.tsx')),
  },
  {
    path: '/analytics/utilisation',
    permission: 'analytics.read',
    nav: { group: '概览', label: '仪器使用率' },
    page: page(() => import('./analytics/Utilisation.tsx')),
  },
  {
    path: '/analytics/estimates',
    permission: 'analytics.read',
    nav: { group: '概览', label: '预计开始测试' },
    page: page(() => import('./analytics/Estimates.tsx')),
  },
  {
    path: '/customers',
    permission: 'customers.read',
    nav: { group: '业务', label: '客户' },
    page: page(() => import('./customers/CustomerList.tsx')),
  },
  {
    path: '/customers/mine',
    permission: 'customers.assign',
    nav: { group: '业务', label: '我的客户' },
    page: page(() => import('./customers/MyCustomers.tsx')),
  },
  {
    path: '/customers/:rid',
    permission: 'customers.read',
    page: page(() => import('./customers/CustomerPage.tsx')),
  },
  {
    path: '/groups',
    permission: 'groups.read',
    nav: { group: '业务', label: '课题组' },
    page: page(() => import('./groups/Groups.tsx')),
  },
  {
    path: '/requirements',
    permission: 'requirements.read',
    nav: { group: '业务', label: '需求留言' },
    page: page(() => import('./require/Inbox.tsx')),
  },
  {
    path: '/money/prestore',
    permission: 'money.read',
    nav: { group: '资金', label: '预存审核' },
    page: page(() => import('./money/PrestoreReview.tsx')),
  },
  {
    path: '/money/transfers',
    permission: 'money.read',
    nav: { group: '资金', label: '转账审核' },
    page: page(() => import('./money/TransferReview.tsx')),
  },
  {
    path: '/money/bank',
    permission: 'money.read',
    nav: { group: '资金', label: '银行流水' },
    page: page(() => import('./money/BankStatement.tsx')),
  },
  {
    path: '/money/credit',
    permission: 'money.read',
    nav: { group: '资金', label: '信用额度' },
    page: page(() => import('./money/CreditReview.tsx')),
  },
  {
    path: '/money/adjust',
    permission: 'money.adjust',
    nav: { group: '资金', label: '人工入账' },
    page: page(() => import('./money/Adjust.tsx')),
  },
  {
    path: '/money/approvals',
    permission: 'money.read',
    nav: { group: '资金', label: '入账复核' },
    page: page(() => import('./money/Approvals.tsx')),
  },
  {
    path: '/money/rules',
    permission: 'money.rules',
    nav: { group: '资金', label: '预存规则' },
    page: page(() => import('./money/Rules.tsx')),
  },
  {
    path: '/invoices',
    permission: 'invoices.read',
    nav: { group: '资金', label: '发票' },
    page: page(() => import('./invoices/Invoices.tsx')),
  },
  {
    path: '/payments/reconcile',
    permission: 'payments.read',
    nav: { group: '资金', label: '对账' },
    page: page(() => import('./payments/Reconciliation.tsx')),
  },
  {
    path: '/statements',
    permission: 'statements.read',
    nav: { group: '资金', label: '对账单' },
    page: page(() => import('./statements/Statements.tsx')),
  },
  {
    path: '/promotions/coupons',
    permission: 'coupons.read',
    nav: { group: '营销', label: '优惠券' },
    page: page(() => import('./coupons/Coupons.tsx')),
  },
  {
    path: '/promotions/issue-review',
    permission: 'coupons.read',
    nav: { group: '营销', label: '发券复核' },
    page: page(() => import('./coupons/IssueReview.tsx')),
  },
  {
    path: '/promotions/promoters',
    permission: 'promotion.read',
    nav: { group: '营销', label: '推广' },
    page: page(() => import('./promotion/Promoters.tsx')),
  },
  {
    path: '/points/exchanges',
    permission: 'points.read',
    nav: { group: '积分', label: '积分兑换' },
    page: page(() => import('./points/Exchanges.tsx')),
  },
  {
    path: '/points/items',
    permission: 'points.read',
    nav: { group: '积分', label: '兑换商品' },
    page: page(() => import('./points/Items.tsx')),
  },
  {
    path: '/points/customer',
    permission: 'points.read',
    nav: { group: '积分', label: '客户积分' },
    page: page(() => import('./points/Customer.tsx')),
  },
  {
    path: '/points/adjust-review',
    permission: 'points.read',
    nav: { group: '积分', label: '积分复核' },
    page: page(() => import('./points/AdjustReview.tsx')),
  },
  {
    path: '/catalogue/items',
    permission: 'catalogue.read',
    nav: { group: '内容', label: '检测项目' },
    page: page(() => import('./catalogue/Items.tsx')),
  },
  {
    path: '/catalogue/devices',
    permission: 'reservations.read',
    nav: { group: '内容', label: '仪器设备' },
    page: page(() => import('./catalogue/Devices.tsx')),
  },
  {
    path: '/catalogue/types',
    permission: 'catalogue.read',
    nav: { group: '内容', label: '类型与分类' },
    page: page(() => import('./catalogue/Types.tsx')),
  },
  {
    path: '/catalogue/areas',
    permission: 'catalogue.read',
    nav: { group: '内容', label: '热门专区' },
    page: page(() => import('./catalogue/Areas.tsx')),
  },
  {
    path: '/catalogue/abilities',
    permission: 'catalogue.read',
    nav: { group: '内容', label: '能力展示' },
    page: page(() => import('./catalogue/Abilities.tsx')),
  },
  {
    path: '/catalogue/settings',
    permission: 'catalogue.read',
    nav: { group: '内容', label: '取样与区域' },
    page: page(() => import('./catalogue/Settings.tsx')),
  },
  {
    path: '/reports/template',
    permission: 'reports.template',
    nav: { group: '内容', label: '报告模板' },
    page: page(() => import('./reports/Template.tsx')),
  },
  {
    path: '/staff',
    permission: 'staff.manage',
    nav: { group: '系统', label: '员工与角色' },
    page: page(() => import('./staff/StaffList.tsx')),
  },
  {
    path: '/audit',
    permission: 'audit.read',
    nav: { group: '系统', label: '操作日志' },
    page: page(() => import('./staff/Audit.tsx')),
  },
];

/** The sidebar: each group's screens this staff member may open, empty groups left out. */
export function navFor(can: (p: Permission) => boolean) {
  return NAV_GROUPS.map((group) => ({
    group,
    items: SCREENS.filter((s) => s.nav?.group === group && can(s.permission)),
  })).filter((g) => g.items.length > 0);
}
