export * from './auth.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './roles.ts';
