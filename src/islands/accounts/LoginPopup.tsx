import { useCallback, useEffect, useRef, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import BindPanel from './BindPanel.tsx';
import LoginPanel, { type LoginTab } from './LoginPanel.tsx';
import { RegisterPanel, ResetPanel } from './RegisterPanel.tsx';

/**
 * The spec's four panels: sign/log (log in, three tabs), reg (register), reset. 'bind' is the
 * step a first-time WeChat user takes between the QR code and the login.
 */
export type Panel = 'log' | 'reg' | 'reset' | 'bind';

export type PopupRequest = { panel: Panel; inviterCode: string; seq: number };

type Props = {
  request: PopupRequest | null;
  /** loggedIn: closed because a login completed. */
  onClose: (loggedIn: boolean) => void;
};

const SERVICES = [
  ['送样检测', '材料、化学、生物等上千项检测，寄样或上门取样'],
  ['预约现场', '在线预约仪器机时，工程师现场协助'],
  ['数据分析', '专业团队解读数据，出具规范报告'],
] as const;

export default function LoginPopup({ request, onClose }: Props) {
  const [panel, setPanel] = useState<Panel>('log');
  const [tab, setTab] = useState<LoginTab>(0);
  const [account, setAccount] = useState<string | undefined>();
  const [bindKey, setBindKey] = useState('');
  const body = useRef<HTMLDivElement>(null);

  // Each open request starts on the panel it asks for.
  useEffect(() => {
    if (!request) return;
    setPanel(request.panel);
    setTab(0);
    setAccount(undefined);
  }, [request]);

  // A new panel starts at its top with its first field ready for typing.
  useEffect(() => {
    if (!request) return;
    body.current?.closest('dialog')?.querySelector<HTMLElement>('.overflow-y-auto')?.scrollTo(0, 0);
    if (panel === 'log' && tab === 2) return;
    // The first empty field: after a reset, the account is filled and the password is next.
    const inputs = [
      ...(body.current?.querySelectorAll<HTMLInputElement>('input:not([type=checkbox])') ?? []),
    ];
    (inputs.find((input) => !input.value) ?? inputs[0])?.focus();
  }, [panel, tab, request]);

  const done = useCallback(() => onClose(true), [onClose]);
  const needBind = useCallback((key: string) => {
    setBindKey(key);
    setPanel('bind');
  }, []);
  const toLogin = (prefill?: string) => {
    setAccount(prefill);
    setTab(0);
    setPanel('log');
  };

  return (
    <Dialog open={request !== null} onClose={() => onClose(false)} label="登录注册" fullScreen>
      <div className="-mx-6 -my-5 grid min-h-[calc(100%+2.5rem)] lg:grid-cols-[minmax(360px,5fr)_7fr]">
        <aside className="relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950 p-12 text-white lg:flex">
          <div className="flex items-center gap-3">
            <img
              src="/upload/img/logo/logo.svg"
              width={44}
              height={44}
              alt=""
              className="rounded-lg bg-white p-1"
            />
            <span className="text-xl font-bold tracking-wide">科研检测服务平台</span>
          </div>
          <div>
            <p className="text-3xl leading-snug font-bold">
              专业、快速、可靠的
              <br />
              科学检测与实验服务
            </p>
            <ul className="mt-8 space-y-5">
              {SERVICES.map(([name, text]) => (
                <li key={name} className="flex gap-3">
                  <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500" />
                  <span>
                    <span className="block font-semibold">{name}</span>
                    <span className="text-sm text-brand-200">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-xs text-brand-300">服务时间：周一至周六 8:30-18:30</p>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-24 -bottom-24 size-72 rounded-full border-[40px] border-white/5"
          />
        </aside>
        <div
          ref={body}
          className="flex flex-col items-center bg-slate-50 px-4 pt-14 pb-10 sm:justify-center sm:px-8 sm:py-12"
        >
          <div className="mb-6 flex items-center gap-2.5 lg:hidden">
            <img src="/upload/img/logo/logo.svg" width={36} height={36} alt="" />
            <span className="text-lg font-bold text-brand-900">科研检测服务平台</span>
          </div>
          <div className="w-full max-w-[440px] rounded-2xl bg-white p-6 shadow-card sm:p-9">
            {request && panel === 'log' && (
              <LoginPanel
                tab={tab}
                onTab={setTab}
                account={account}
                onRegister={() => setPanel('reg')}
                onReset={() => setPanel('reset')}
                onNeedBind={needBind}
                onDone={done}
              />
            )}
            {request && panel === 'reg' && (
              <RegisterPanel inviterCode={request.inviterCode} onLogin={() => toLogin()} onDone={done} />
            )}
            {request && panel === 'reset' && <ResetPanel onLogin={() => toLogin()} onDone={toLogin} />}
            {request && panel === 'bind' && (
              <BindPanel bindKey={bindKey} onBack={() => toLogin()} onDone={done} />
            )}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
