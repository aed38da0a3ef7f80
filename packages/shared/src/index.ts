export * from './address.ts';
export * from './auth.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './list.ts';
export * from './roles.ts';
export * from './text.ts';
