// Toasts and the shared success/failure alerts, in plain DOM so any page can use them
// without React or global CSS. Styles are inline; the alert uses a native modal <dialog>,
// which makes the rest of the page inert, keeps focus inside and closes on Esc.

type Kind = 'success' | 'error' | 'info';

const COLORS: Record<Kind, { bg: string; fg: string; border: string }> = {
  success: { bg: '#f0f9eb', fg: '#3f8f1f', border: '#c2e7b0' },
  error: { bg: '#fef0f0', fg: '#c8312f', border: '#fbc4c4' },
  info: { bg: '#f4f4f5', fg: '#4b5563', border: '#d3d4d6' },
};
const ICONS: Record<Kind, string> = { success: '✓', error: '✕', info: 'i' };
const TOAST_MS = 2500;

let stack: HTMLElement | null = null;

function container(): HTMLElement {
  if (stack?.isConnected) return stack;
  stack = document.createElement('div');
  stack.setAttribute('role', 'status');
  stack.setAttribute('aria-live', 'polite');
  stack.dataset.toastStack = '';
  Object.assign(stack.style, {
    position: 'fixed',
    top: '16px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '2147483000',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    pointerEvents: 'none',
    width: 'max-content',
    maxWidth: 'calc(100vw - 32px)',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.append(stack);
  return stack;
}

function show(kind: Kind, message: string): void {
  if (typeof document === 'undefined' || !message) return;
  const c = COLORS[kind];
  const item = document.createElement('div');
  item.dataset.toast = kind;
  Object.assign(item.style, {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '10px 16px',
    borderRadius: '6px',
    border: `1px solid ${c.border}`,
    background: c.bg,
    color: c.fg,
    fontSize: '14px',
    lineHeight: '1.5',
    boxShadow: '0 4px 12px rgba(0,0,0,.08)',
    transition: 'opacity .2s, transform .2s',
    opacity: '0',
    transform: 'translateY(-6px)',
  } satisfies Partial<CSSStyleDeclaration>);
  const icon = document.createElement('span');
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[kind];
  Object.assign(icon.style, { fontWeight: '700' });
  const text = document.createElement('span');
  text.textContent = message;
  item.append(icon, text);
  container().append(item);
  requestAnimationFrame(() => Object.assign(item.style, { opacity: '1', transform: 'none' }));
  setTimeout(() => {
    item.style.opacity = '0';
    setTimeout(() => item.remove(), 200);
  }, TOAST_MS);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

const ALERT_SUCCESS_TITLE = '操作成功！';
const ALERT_FAIL_TITLE = '操作失败！';
const ALERT_CONFIRM = '确认';

/** A modal alert with one 确认 button; resolves when it closes (button, Esc or backdrop). */
function alertBox(kind: 'success' | 'error', title: string, text: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = document.createElement('dialog');
    dialog.dataset.alert = kind;
    dialog.setAttribute('aria-labelledby', 'portal-alert-title');
    dialog.setAttribute('aria-describedby', 'portal-alert-text');
    Object.assign(dialog.style, {
      margin: 'auto', // global resets zero it; auto centres a modal dialog
      border: 'none',
      borderRadius: '8px',
      padding: '28px 24px 20px',
      width: 'min(400px, calc(100vw - 32px))',
      textAlign: 'center',
      boxShadow: '0 10px 30px rgba(0,0,0,.2)',
      color: '#1f2937',
    } satisfies Partial<CSSStyleDeclaration>);
    const c = COLORS[kind];
    const icon = document.createElement('div');
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = ICONS[kind];
    Object.assign(icon.style, {
      width: '48px',
      height: '48px',
      margin: '0 auto 12px',
      borderRadius: '50%',
      background: c.bg,
      color: c.fg,
      border: `2px solid ${c.border}`,
      fontSize: '24px',
      lineHeight: '44px',
      fontWeight: '700',
    } satisfies Partial<CSSStyleDeclaration>);
    const heading = document.createElement('h2');
    heading.id = 'portal-alert-title';
    heading.textContent = title;
    Object.assign(heading.style, { margin: '0 0 8px', fontSize: '18px', fontWeight: '600' });
    const body = document.createElement('p');
    body.id = 'portal-alert-text';
    body.textContent = text;
    Object.assign(body.style, {
      margin: '0 0 20px',
      fontSize: '14px',
      color: '#4b5563',
      wordBreak: 'break-word',
    });
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = ALERT_CONFIRM;
    Object.assign(button.style, {
      minWidth: '96px',
      padding: '8px 20px',
      border: 'none',
      borderRadius: '4px',
      background: '#1d64d8',
      color: '#fff',
      fontSize: '14px',
      cursor: 'pointer',
    } satisfies Partial<CSSStyleDeclaration>);
    button.addEventListener('click', () => dialog.close());
    dialog.addEventListener('click', (event) => {
      // A click on the backdrop targets the dialog itself but lands outside its box.
      const r = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= r.left &&
        event.clientX <= r.right &&
        event.clientY >= r.top &&
        event.clientY <= r.bottom;
      if (event.target === dialog && !inside) dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      previous?.focus?.();
      resolve();
    });
    dialog.append(icon, heading, body, button);
    document.body.append(dialog);
    dialog.showModal();
    button.focus();
  });
}

export const alertSuccess = (text: string) => alertBox('success', ALERT_SUCCESS_TITLE, text);
export const alertFail = (text: string) => alertBox('error', ALERT_FAIL_TITLE, text);
