// Who on the staff may do what (decision 0023): five roles, permissions as resource.action, and
// every /api/admin call's permission. The server checks it on every call (deny unless listed);
// the console reads the same table to hide what a role cannot do.

export const ROLES = ['admin', 'manager', 'technician', 'finance', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TEXT: Record<Role, string> = {
  admin: '管理员',
  manager: '业务经理',
  technician: '实验员',
  finance: '财务',
  editor: '编辑',
};

export const PERMISSIONS = [
  'dashboard.read',
  'orders.read',
  'orders.quote',
  'orders.process',
  'orders.bill',
  'orders.cancel',
  'customers.read',
  'requirements.read',
  'requirements.manage',
  'reservations.read',
  'reservations.manage',
  'instruments.edit',
  'money.read',
  'money.approve',
  'money.adjust',
  'money.rules',
  'payments.read',
  'payments.reconcile',
  'coupons.read',
  'coupons.manage',
  'audit.read',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  manager: [
    'dashboard.read',
    'orders.read',
    'orders.quote',
    'orders.process',
    'orders.bill',
    'orders.cancel',
    'customers.read',
    'requirements.read',
    'requirements.manage',
    'reservations.read',
    'reservations.manage',
    'money.read',
    'coupons.read',
    'coupons.manage',
  ],
  technician: ['dashboard.read', 'orders.read', 'orders.process', 'reservations.read', 'reservations.manage'],
  finance: [
    'dashboard.read',
    'orders.read',
    'orders.bill',
    'customers.read',
    'money.read',
    'money.approve',
    'money.adjust',
    'money.rules',
    'payments.read',
    'payments.reconcile',
    'coupons.read',
  ],
  editor: ['dashboard.read', 'reservations.read', 'instruments.edit'],
};

/** Whether a role may act; an unknown role may do nothing. */
export const can = (role: string | null | undefined, permission: Permission) =>
  Boolean(role && (ROLE_PERMISSIONS as Record<string, readonly Permission[]>)[role]?.includes(permission));

/** Every staff call (path under /api/admin) and the permission it needs; a call not listed is refused. */
export const ADMIN_ROUTES: Record<string, Permission> = {
  me: 'dashboard.read',
  dashboard: 'dashboard.read',
  'order/list': 'orders.read',
  'order/detail': 'orders.read',
  'order/quote': 'orders.quote',
  'order/receive': 'orders.process',
  'order/start': 'orders.process',
  'order/deliver': 'orders.process',
  'order/report': 'orders.process',
  'order/bill': 'orders.bill',
  'order/complete': 'orders.bill',
  'order/settle': 'orders.bill',
  'order/cancel': 'orders.cancel',
  'user/find': 'customers.read',
  'customer/wallet': 'customers.read',
  'customer/movements': 'customers.read',
  'device/list': 'reservations.read',
  'device/add': 'instruments.edit',
  'device/edit': 'instruments.edit',
  'block/list': 'reservations.read',
  'block/add': 'instruments.edit',
  'block/delete': 'instruments.edit',
  'reservation/list': 'reservations.read',
  'reservation/confirm': 'reservations.manage',
  'reservation/done': 'reservations.manage',
  'reservation/no_show': 'reservations.manage',
  'reservation/reject': 'reservations.manage',
  'tempDevice/list': 'reservations.read',
  'tempDevice/operate': 'reservations.manage',
  'reservationSetting/get': 'reservations.read',
  'reservationSetting/update': 'instruments.edit',
  'prestore/list': 'money.read',
  'prestore/approve': 'money.approve',
  'prestore/reject': 'money.approve',
  'prestore/refund': 'money.approve',
  'prestore_rule/save': 'money.rules',
  'transfer/list': 'money.read',
  'transfer/approve': 'money.approve',
  'transfer/reject': 'money.approve',
  'credit/list': 'money.read',
  'credit/approve': 'money.approve',
  'credit/reject': 'money.approve',
  'balance/credit': 'money.adjust',
  'reconcile/list': 'payments.read',
  'reconcile/exceptions': 'payments.read',
  'reconcile/rerun': 'payments.reconcile',
  'reconcile/resolve': 'payments.reconcile',
  'coupon/template/list': 'coupons.read',
  'coupon/template/add': 'coupons.manage',
  'coupon/template/retire': 'coupons.manage',
  'coupon/issue': 'coupons.manage',
  'coupon/usage': 'coupons.read',
  'require/list': 'requirements.read',
  'require/handle': 'requirements.manage',
  'audit/list': 'audit.read',
  'staff/list': 'staff.manage',
  'staff/save': 'staff.manage',
};

/** Reads change nothing and are not written to the audit log. */
export const isReadOnly = (permission: Permission) => permission.endsWith('.read');
