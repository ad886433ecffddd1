export * from './catalogue.ts';
export * from './site.ts';
