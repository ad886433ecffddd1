// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import precompress from './integrations/precompress.mjs';

export default defineConfig({
  site: 'http://localhost:4321',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  server: { port: 4321, host: true },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2'] },
  },
});
