import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { $me, $session, loadMe, login, logout, type Me } from './session.ts';
import { button, ConsoleToast, Field, input } from './ui.tsx';
import type { Permission } from '../lib/shared/staff/permissions.ts';
import Dashboard from './pages/Dashboard.tsx';
import PrestoreReview from './money/PrestoreReview.tsx';
import TransferReview from './money/TransferReview.tsx';
import CreditReview from './money/CreditReview.tsx';
import Adjust from './money/Adjust.tsx';
import Approvals from './money/Approvals.tsx';
import PointsAdjustReview from './points/AdjustReview.tsx';
import CouponIssueReview from './promotions/IssueReview.tsx';
import Rules from './money/Rules.tsx';
import Reconciliation from './payments/Reconciliation.tsx';
import Statements from './statements/Statements.tsx';
import Groups from './groups/Groups.tsx';
import Orders from './orders/Orders.tsx';
import Reservations from './reservations/Reservations.tsx';
import Pickups from './pickups/Pickups.tsx';
import Customers from './customers/Customers.tsx';
import Inbox from './requirements/Inbox.tsx';
import OrderDetail from './orders/OrderDetail.tsx';
import Audit from './pages/Audit.tsx';
import StaffList from './pages/StaffList.tsx';
import Coupons from './promotions/Coupons.tsx';
import Promoters from './promotions/Promoters.tsx';
import Invoices from './invoices/Invoices.tsx';
import PointsExchanges from './points/Exchanges.tsx';
import PointsItems from './points/Items.tsx';
import PointsCustomer from './points/Customer.tsx';
import CatalogueItems from './catalogue/Items.tsx';
import CatalogueDevices from './catalogue/Devices.tsx';
import CatalogueTypes from './catalogue/Types.tsx';
import CatalogueAreas from './catalogue/Areas.tsx';
import CatalogueAbilities from './catalogue/Abilities.tsx';
import CatalogueSettings from './catalogue/Settings.tsx';

type NavItem = { href: string; label: string; permission: Permission };
const NAV: { group: string; items: NavItem[] }[] = [
  { group: '概览', items: [{ href: '/', label: '工作台', permission: 'dashboard.read' }] },
  {
    group: '业务',
    items: [
      { href: '/orders', label: '订单管理', permission: 'orders.read' },
      { href: '/pickups', label: '上门取样', permission: 'orders.read' },
      { href: '/reservations', label: '仪器预约', permission: 'reservations.read' },
      { href: '/customers', label: '客户', permission: 'customers.read' },
      { href: '/groups', label: '课题组', permission: 'groups.read' },
      { href: '/requirements', label: '需求留言', permission: 'requirements.read' },
    ],
  },
  {
    group: '资金',
    items: [
      { href: '/money/prestore', label: '预存审核', permission: 'money.read' },
      { href: '/money/transfers', label: '转账审核', permission: 'money.read' },
      { href: '/money/credit', label: '信用额度', permission: 'money.read' },
      { href: '/money/adjust', label: '人工入账', permission: 'money.adjust' },
      { href: '/money/approvals', label: '入账复核', permission: 'money.read' },
      { href: '/money/rules', label: '预存规则', permission: 'money.rules' },
      { href: '/invoices', label: '发票', permission: 'invoices.read' },
      { href: '/payments/reconcile', label: '对账', permission: 'payments.read' },
      { href: '/statements', label: '对账单', permission: 'statements.read' },
    ],
  },
  {
    group: '营销',
    items: [
      { href: '/promotions/coupons', label: '优惠券', permission: 'coupons.read' },
      { href: '/promotions/issue-review', label: '发券复核', permission: 'coupons.read' },
      { href: '/promotions/promoters', label: '推广', permission: 'promotion.read' },
    ],
  },
  {
    group: '积分',
    items: [
      { href: '/points/exchanges', label: '积分兑换', permission: 'points.read' },
      { href: '/points/items', label: '兑换商品', permission: 'points.read' },
      { href: '/points/customer', label: '客户积分', permission: 'points.read' },
      { href: '/points/adjust-review', label: '积分复核', permission: 'points.read' },
    ],
  },
  {
    group: '内容',
    items: [
      { href: '/catalogue/items', label: '检测项目', permission: 'catalogue.read' },
      { href: '/catalogue/devices', label: '仪器设备', permission: 'reservations.read' },
      { href: '/catalogue/types', label: '类型与分类', permission: 'catalogue.read' },
      { href: '/catalogue/areas', label: '热门专区', permission: 'catalogue.read' },
      { href: '/catalogue/abilities', label: '能力展示', permission: 'catalogue.read' },
      { href: '/catalogue/settings', label: '取样与区域', permission: 'catalogue.read' },
    ],
  },
  {
    group: '系统',
    items: [
      { href: '/staff', label: '员工与角色', permission: 'staff.manage' },
      { href: '/audit', label: '操作日志', permission: 'audit.read' },
    ],
  },
];

/** The staff console: log in, then the screens the role may use (decision 0023). */
export default function App() {
  const session = useStore($session);
  const me = useStore($me);
  useEffect(() => {
    if (session && !me) void loadMe();
  }, [session, me]);
  return (
    <Router base="/admin">
      <ConsoleToast />
      {!session ? (
        <LoginPage />
      ) : !me ? (
        <p className="p-10 text-center text-sm text-slate-400">加载中…</p>
      ) : (
        <Shell me={me} />
      )}
    </Router>
  );
}

function Guard({ me, permission, children }: { me: Me; permission: Permission; children: ReactNode }) {
  if (!me.permissions.includes(permission))
    return (
      <p className="rounded-lg bg-white p-10 text-center text-slate-500">
        您的角色（{me.role_text}）无权访问此页面。
      </p>
    );
  return <>{children}</>;
}

function Shell({ me }: { me: Me }) {
  const [location] = useLocation();
  const [menu, setMenu] = useState(false);
  const can = (p: Permission) => me.permissions.includes(p);
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[13rem_minmax(0,1fr)]">
      <aside
        className={`${menu ? 'block' : 'hidden'} border-r border-slate-200 bg-slate-900 text-slate-200 lg:block`}
        aria-label="后台导航"
      >
        <div className="px-4 py-4 text-base font-bold text-white">检测平台 · 管理后台</div>
        <nav className="grid gap-4 px-2 pb-6">
          {NAV.map((g) => {
            const items = g.items.filter((i) => can(i.permission));
            if (!items.length) return null;
            return (
              <div key={g.group}>
                <p className="px-2 pb-1 text-xs text-slate-300">{g.group}</p>
                {items.map((i) => {
                  const active = i.href === '/' ? location === '/' : location.startsWith(i.href);
                  return (
                    <Link
                      key={i.href}
                      href={i.href}
                      onClick={() => setMenu(false)}
                      aria-current={active ? 'page' : undefined}
                      className={`block rounded-md px-2 py-1.5 text-sm ${active ? 'bg-white/15 font-medium text-white' : 'hover:bg-white/10'}`}
                    >
                      {i.label}
                    </Link>
                  );
                })}
              </div>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
          <button
            type="button"
            className={`${button.ghost} lg:hidden`}
            onClick={() => setMenu((m) => !m)}
            aria-expanded={menu}
          >
            菜单
          </button>
          <span className="ml-auto truncate text-sm text-slate-600" data-testid="console-user">
            {me.name || me.phone} · {me.role_text}
          </span>
          <a href="/" className={`${button.link} max-sm:hidden`} target="_blank" rel="noreferrer">
            前台首页
          </a>
          <button type="button" className={button.ghost} onClick={logout}>
            退出
          </button>
        </header>
        <main className="p-4 md:p-6">
          <Switch>
            <Route path="/">
              <Guard me={me} permission="dashboard.read">
                <Dashboard me={me} />
              </Guard>
            </Route>
            <Route path="/orders">
              <Guard me={me} permission="orders.read">
                <Orders />
              </Guard>
            </Route>
            <Route path="/orders/:rid">
              {(params) => (
                <Guard me={me} permission="orders.read">
                  <OrderDetail rid={params.rid} me={me} />
                </Guard>
              )}
            </Route>
            <Route path="/pickups">
              <Guard me={me} permission="orders.read">
                <Pickups me={me} />
              </Guard>
            </Route>
            <Route path="/reservations">
              <Guard me={me} permission="reservations.read">
                <Reservations me={me} />
              </Guard>
            </Route>
            <Route path="/customers">
              <Guard me={me} permission="customers.read">
                <Customers me={me} />
              </Guard>
            </Route>
            <Route path="/requirements">
              <Guard me={me} permission="requirements.read">
                <Inbox me={me} />
              </Guard>
            </Route>
            <Route path="/money/prestore">
              <Guard me={me} permission="money.read">
                <PrestoreReview me={me} />
              </Guard>
            </Route>
            <Route path="/money/transfers">
              <Guard me={me} permission="money.read">
                <TransferReview me={me} />
              </Guard>
            </Route>
            <Route path="/money/credit">
              <Guard me={me} permission="money.read">
                <CreditReview me={me} />
              </Guard>
            </Route>
            <Route path="/money/approvals">
              <Guard me={me} permission="money.read">
                <Approvals me={me} />
              </Guard>
            </Route>
            <Route path="/money/adjust">
              <Guard me={me} permission="money.adjust">
                <Adjust />
              </Guard>
            </Route>
            <Route path="/money/rules">
              <Guard me={me} permission="money.rules">
                <Rules />
              </Guard>
            </Route>
            <Route path="/invoices">
              <Guard me={me} permission="invoices.read">
                <Invoices me={me} />
              </Guard>
            </Route>
            <Route path="/promotions/coupons">
              <Guard me={me} permission="coupons.read">
                <Coupons me={me} />
              </Guard>
            </Route>
            <Route path="/promotions/issue-review">
              <Guard me={me} permission="coupons.read">
                <CouponIssueReview me={me} />
              </Guard>
            </Route>
            <Route path="/groups">
              <Guard me={me} permission="groups.read">
                <Groups me={me} />
              </Guard>
            </Route>
            <Route path="/promotions/promoters">
              <Guard me={me} permission="promotion.read">
                <Promoters me={me} />
              </Guard>
            </Route>
            <Route path="/points/exchanges">
              <Guard me={me} permission="points.read">
                <PointsExchanges me={me} />
              </Guard>
            </Route>
            <Route path="/points/items">
              <Guard me={me} permission="points.read">
                <PointsItems me={me} />
              </Guard>
            </Route>
            <Route path="/points/customer">
              <Guard me={me} permission="points.read">
                <PointsCustomer me={me} />
              </Guard>
            </Route>
            <Route path="/points/adjust-review">
              <Guard me={me} permission="points.read">
                <PointsAdjustReview me={me} />
              </Guard>
            </Route>
            <Route path="/payments/reconcile">
              <Guard me={me} permission="payments.read">
                <Reconciliation me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/items">
              <Guard me={me} permission="catalogue.read">
                <CatalogueItems me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/devices">
              <Guard me={me} permission="reservations.read">
                <CatalogueDevices me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/types">
              <Guard me={me} permission="catalogue.read">
                <CatalogueTypes me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/areas">
              <Guard me={me} permission="catalogue.read">
                <CatalogueAreas me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/abilities">
              <Guard me={me} permission="catalogue.read">
                <CatalogueAbilities me={me} />
              </Guard>
            </Route>
            <Route path="/catalogue/settings">
              <Guard me={me} permission="catalogue.read">
                <CatalogueSettings me={me} />
              </Guard>
            </Route>
            <Route path="/statements">
              <Guard me={me} permission="statements.read">
                <Statements me={me} />
              </Guard>
            </Route>
            <Route path="/staff">
              <Guard me={me} permission="staff.manage">
                <StaffList />
              </Guard>
            </Route>
            <Route path="/audit">
              <Guard me={me} permission="audit.read">
                <Audit />
              </Guard>
            </Route>
            <Route>
              <p className="rounded-lg bg-white p-10 text-center text-slate-500">页面不存在</p>
            </Route>
          </Switch>
        </main>
      </div>
    </div>
  );
}

function LoginPage() {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!account || !password) return setError('请输入账号和密码');
    setBusy(true);
    const message = await login(account, password);
    setBusy(false);
    setError(message ?? '');
  }
  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <form
        onSubmit={(e) => void submit(e)}
        className="grid w-full max-w-sm gap-4 rounded-xl bg-white p-6 shadow"
        aria-label="员工登录"
      >
        <div>
          <h1 className="text-lg font-bold">管理后台登录</h1>
          <p className="mt-1 text-sm text-slate-500">仅限工作人员；登录有效期 2 小时，最长 12 小时。</p>
        </div>
        <Field label="账号">
          <input
            className={input}
            name="account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </Field>
        <Field label="密码">
          <input
            className={input}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
        <button type="submit" className={button.primary} disabled={busy}>
          登录
        </button>
      </form>
    </div>
  );
}
