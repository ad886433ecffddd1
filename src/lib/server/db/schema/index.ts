export * from './catalogue.ts';
export * from './site.ts';
export * from './accounts.ts';
