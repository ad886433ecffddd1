// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import precompress from './integrations/precompress.mjs';
import { EARLY_AUTH_SCRIPT } from './src/layouts/early-auth.mjs';

/** @param {string} text @returns {`sha256-${string}`} */
const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

export default defineConfig({
  site: 'http://localhost:4321',
  output: 'server',
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react(), precompress()],
  server: { port: 4321, host: true },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  // No code blocks in our content; Shiki's inline styles would not pass the CSP below.
  markdown: { syntaxHighlight: false },
  // A Content-Security-Policy header with hashes of every script and style Astro emits, so no
  // 'unsafe-inline' for scripts. On-demand pages send it themselves; for prerendered pages the
  // adapter (staticHeaders) lists it in dist/_headers.json and src/server.ts sends it, which
  // lets frame-ancestors (ignored in a <meta> policy) apply everywhere. Style attributes (React
  // style props rendered on the server) are allowed; style elements are hashed.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { hashes: [sha256(EARLY_AUTH_SCRIPT)] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2'] },
  },
});
