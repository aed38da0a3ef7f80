export * from './audit.ts';
export * from './catalog.ts';
export * from './clients.ts';
export * from './employees.ts';
export * from './outbox.ts';
export * from './site-supervisors.ts';
export * from './users.ts';
