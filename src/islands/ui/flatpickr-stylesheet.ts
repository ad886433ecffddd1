// flatpickr's stylesheet, linked when a calendar first mounts (imported as CSS, Astro would
// inline it in every page); the brand colours for it are in src/styles/global.css.
import flatpickrCss from 'flatpickr/dist/flatpickr.min.css?url';

export function linkFlatpickrStylesheet() {
  if (document.querySelector('link[data-flatpickr]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = flatpickrCss;
  link.dataset.flatpickr = '';
  document.head.append(link);
}
