// Who on the staff may do what (decision 0023): five roles and permissions as resource.action.
// Each /api/admin call declares its permission in its endpoint (decision 0064); the server checks
// it on every call (deny unless declared), and the console reads the same table to hide what a
// role cannot do.

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
  'customers.assign',
  'requirements.read',
  'requirements.manage',
  'reservations.read',
  'reservations.manage',
  'instruments.edit',
  'storage.read',
  'storage.manage',
  'results.review',
  'catalogue.read',
  'catalogue.edit',
  'money.read',
  'money.approve',
  'money.adjust',
  'money.rules',
  'payments.read',
  'payments.reconcile',
  'coupons.read',
  'coupons.manage',
  'points.read',
  'points.manage',
  'points.adjust',
  'invoices.read',
  'invoices.issue',
  'statements.read',
  'statements.manage',
  'promotion.read',
  'promotion.manage',
  'promotion.payout',
  'groups.read',
  'audit.read',
  'staff.manage',
  'reports.template',
  'calendar.manage',
  'analytics.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

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
    'customers.assign',
    'requirements.read',
    'requirements.manage',
    'reservations.read',
    'reservations.manage',
    'storage.read',
    'storage.manage',
    'results.review',
    'catalogue.read',
    'money.read',
    'invoices.read',
    'coupons.read',
    'coupons.manage',
    'points.read',
    'points.manage',
    'promotion.read',
    'promotion.manage',
    'groups.read',
    'calendar.manage',
    'analytics.read',
  ],
  technician: [
    'dashboard.read',
    'orders.read',
    'orders.process',
    'reservations.read',
    'reservations.manage',
    'storage.read',
    'storage.manage',
    'results.review',
  ],
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
    'invoices.read',
    'invoices.issue',
    'statements.read',
    'statements.manage',
    'coupons.read',
    'points.read',
    'points.adjust',
    'promotion.read',
    'promotion.payout',
    'groups.read',
  ],
  editor: [
    'dashboard.read',
    'reservations.read',
    'instruments.edit',
    'catalogue.read',
    'catalogue.edit',
    'reports.template',
  ],
};

/** Permissions as the console names them where it says which one a screen or a button needs. */
export const PERMISSION_TEXT: Partial<Record<Permission, string>> = { 'results.review': '审核' };

/** Whether a role may act; an unknown role may do nothing. */
export const can = (role: string | null | undefined, permission: Permission) =>
  Boolean(role && (ROLE_PERMISSIONS as Record<string, readonly Permission[]>)[role]?.includes(permission));
