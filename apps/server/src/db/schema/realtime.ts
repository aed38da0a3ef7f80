import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * socket.io's PostgreSQL adapter (several processes on one PostgreSQL, no Redis) passes events
 * over 8,000 bytes through this table; it deletes them after 30 s. Its name and columns are the
 * adapter's own.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
