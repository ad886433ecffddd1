import { Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { $me, $session, loadMe, login, logout, type Me } from './session.ts';
import { button, ConsoleToast, Field, input } from './ui.tsx';
import type { Permission } from '../lib/shared/staff/permissions.ts';
import { navFor, SCREENS } from './screens.tsx';
import { ConfirmHost } from './confirm.tsx';

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
      <ConfirmHost />
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
  const nav = navFor(can);
  // The entry whose path is the longest start of the location (客户 is not lit on 我的客户).
  const current = nav
    .flatMap((g) => g.items.map((i) => i.path))
    .filter((path) =>
      path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`),
    )
    .sort((a, b) => b.length - a.length)[0];
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[13rem_minmax(0,1fr)]">
      <aside
        className={`${menu ? 'block' : 'hidden'} border-r border-slate-200 bg-slate-900 text-slate-200 lg:block`}
        aria-label="后台导航"
      >
        <div className="px-4 py-4 text-base font-bold text-white">检测平台 · 管理后台</div>
        <nav className="grid gap-4 px-2 pb-6">
          {nav.map((g) => (
            <div key={g.group}>
              <p className="px-2 pb-1 text-xs text-slate-300">{g.group}</p>
              {g.items.map((i) => {
                const active = i.path === current;
                return (
                  <Link
                    key={i.path}
                    href={i.path}
                    onClick={() => setMenu(false)}
                    aria-current={active ? 'page' : undefined}
                    className={`block rounded-md px-2 py-1.5 text-sm ${active ? 'bg-white/15 font-medium text-white' : 'hover:bg-white/10'}`}
                  >
                    {i.nav?.label}
                  </Link>
                );
              })}
            </div>
          ))}
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
          <Suspense fallback={<p className="p-10 text-center text-sm text-slate-400">加载中…</p>}>
            <Switch>
              {SCREENS.map(({ path, permission, page: Page }) => (
                <Route key={path} path={path}>
                  {(params) => (
                    <Guard me={me} permission={permission}>
                      <Page me={me} params={params} />
                    </Guard>
                  )}
                </Route>
              ))}
              <Route>
                <p className="rounded-lg bg-white p-10 text-center text-slate-500">页面不存在</p>
              </Route>
            </Switch>
          </Suspense>
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
