import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

// Headers every answer carries (pages, API, static files). A page's Content-Security-Policy is
// Astro's (astro.config.mjs): hashes of exactly the scripts and styles it emits, sent as a
// header by on-demand pages and listed in dist/_headers.json for prerendered ones. No default
// policy is set here for pages: a 304 for a prerendered page would carry it, and the browser
// would apply it, hashless, to the page it has cached. HSTS belongs to the HTTPS proxy.
const EVERY_ANSWER: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const CONSOLE_PERMISSIONS = 'camera=(self), microphone=(), geolocation=(), payment=()';

/** API answers are data, never documents: nothing may run or load from them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Sets the headers before any handler writes; a handler's own value (a download's
 * Cache-Control, a page's public cache) replaces these defaults.
 */
export function setSecurityHeaders(res: ServerResponse, url: string) {
  for (const [name, value] of Object.entries(EVERY_ANSWER)) res.setHeader(name, value);
  // The console's 样品签收 scans labels with the camera (decision 0072); no other page may use it.
  if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?'))
    res.setHeader('Permissions-Policy', CONSOLE_PERMISSIONS);
  if (url.startsWith('/api/')) {
    res.setHeader('Content-Security-Policy', API_POLICY);
    // Tokens, profiles, orders, balances: no API answer is kept by a browser or a shared cache.
    res.setHeader('Cache-Control', 'no-store');
  }
}

type HeadersFile = { pathname: string; headers: { key: string; value: string }[] }[];

/**
 * Sets the headers Astro computed for a prerendered page (the node adapter's staticHeaders
 * option writes them to dist/_headers.json); sirv serves those pages, and src/server.ts calls
 * this from sirv's setHeaders hook.
 */
export function prerenderedPageHeaders(file: string) {
  const pages = new Map<string, HeadersFile[number]['headers']>();
  if (existsSync(file))
    for (const page of JSON.parse(readFileSync(file, 'utf8')) as HeadersFile)
      pages.set(page.pathname, page.headers);
  return (res: ServerResponse, pathname: string) => {
    const page = pathname.replace(/(\/index\.html|\.html|\/)$/, '') || '/';
    for (const { key, value } of pages.get(page) ?? []) res.setHeader(key, value);
  };
}
