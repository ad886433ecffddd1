// Swiper (the largest script of the home page) loads once the page has loaded: the first banner
// is already on screen without it and autoplay only moves after 5 s, so nothing waits for it and
// the first paint does not compete with its download.
const start = () => void import('./home-carousels.ts');
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 1500 }) : setTimeout(start, 200);

if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
