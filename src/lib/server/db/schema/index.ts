export * from './catalogue.ts';
export * from './site.ts';
export * from './accounts.ts';
export * from './member.ts';
