import { defineMiddleware } from 'astro:middleware';

// In production src/server.ts creates the services and passes them as locals. Under `astro dev`
// there is no such entry, so this middleware creates them once and routes /api/* to the same
// Hono app. The import is behind import.meta.env.DEV so the build never holds a second client.
// Prerendering (which Astro runs in a dev-like environment) needs neither: it has no request.
export const onRequest = defineMiddleware(async (context, next) => {
  if (import.meta.env.DEV && !context.isPrerendered) {
    const { devServices, devApi } = await import('./lib/server/dev.ts');
    context.locals.services ??= await devServices();
    context.locals.peer ??= context.clientAddress;
    if (context.url.pathname.startsWith('/api/')) return devApi(context.request);
  }
  // A NUL in a path or query (/detail/%00, /search?kw=%00) means nothing a page could show, and
  // the database refuses it: the page answers for the same address without it.
  const address = context.url.pathname + context.url.search;
  if (/%00/i.test(address)) return context.redirect(address.replace(/%00/gi, '') || '/', 301);
  return next();
});
