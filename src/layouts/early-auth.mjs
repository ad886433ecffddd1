// The one inline script of the site, run before first paint: show the logged-in header controls
// when a token is stored (the header script takes over from there), so a logged-in visitor never
// sees 登录 flash. Kept as text here because astro.config.mjs puts its hash in the
// Content-Security-Policy (Astro hashes the scripts it bundles, not inline ones).
export const EARLY_AUTH_SCRIPT =
  "try{if(localStorage.getItem('portal:token'))document.documentElement.dataset.auth='in'}catch(e){}";
