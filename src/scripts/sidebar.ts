// Side bar: QR and hotline popups (hover and focus are pure CSS; a tap toggles them for touch
// screens), and the back-to-top button that appears once the page has scrolled.
const bar = document.querySelector<HTMLElement>('[data-side-bar]');

if (bar) {
  const items = [...bar.querySelectorAll<HTMLElement>('.side-item')];
  const setOpen = (item: HTMLElement, open: boolean) => {
    item.classList.toggle('is-open', open);
    // After a click closes it, keep it closed even while the pointer still hovers.
    item.classList.toggle('is-closed', !open);
    item.querySelector('[data-side-toggle]')?.setAttribute('aria-expanded', String(open));
  };
  for (const item of items) {
    item.querySelector('[data-side-toggle]')?.addEventListener('click', () => {
      const open = !item.classList.contains('is-open');
      items.forEach((other) => other !== item && setOpen(other, false));
      setOpen(item, open);
    });
    item.addEventListener('mouseleave', () => item.classList.remove('is-closed'));
  }
  document.addEventListener('click', (e) => {
    if (!bar.contains(e.target as Node)) items.forEach((item) => setOpen(item, false));
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') items.forEach((item) => setOpen(item, false));
  });

  const top = bar.querySelector<HTMLButtonElement>('[data-back-top]');
  if (top) {
    const update = () => {
      const show = window.scrollY > 400;
      top.classList.toggle('invisible', !show);
      top.classList.toggle('opacity-0', !show);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    top.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
  }
}
