import type { Db } from '../../db/client.ts';
import type { SessionStore } from '../sessions/index.ts';

export interface ClientDeps {
  db: Db;
  /** To end, on every process, the sessions of the supervisors archived with their client. */
  sessions: SessionStore;
}

/** The session cache holds a snapshot of each user: those changed are forgotten on every process. */
export async function forgetSessions(sessions: SessionStore, userIds: string[]) {
  for (const id of userIds) await sessions.forgetUser(id);
}
