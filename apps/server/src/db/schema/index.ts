export * from './audit.ts';
export * from './outbox.ts';
export * from './users.ts';
