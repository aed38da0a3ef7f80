import type { Endpoint } from './contract.ts';

// What each write changes, named as the browser's queries name it: the one map the server's change
// record (apps/server/src/lib/changes.ts) publishes and every browser refreshes through.

/** The data an endpoint reads or changes: the first segment of its path ('GET /clients/:id' → 'clients'). */
export type ResourceOf<K extends Endpoint> = K extends `${string} /${infer Resource}/${string}`
  ? Resource
  : K extends `${string} /${infer Resource}`
    ? Resource
    : never;
export type Resource = ResourceOf<Endpoint>;

export type ReadEndpoint = Extract<Endpoint, `GET ${string}`>;
export type WriteEndpoint = Exclude<Endpoint, ReadEndpoint>;

export function resourceOf<K extends Endpoint>(key: K): ResourceOf<K> {
  return key.slice(key.indexOf('/') + 1).split('/')[0] as ResourceOf<K>;
}

/** The views counting each order's confirmed workers against those it needs. */
const coverageViews = ['overview', 'alerts', 'dashboards'] as const satisfies readonly Resource[];
/** What staffing an order changes besides the order and its assignations: the texts sent, and coverage. */
const textsAndCoverage = ['messages', 'conversations', ...coverageViews] as const;

/**
 * The one map of what each write changes besides its own resource: after it succeeds, every query
 * of these resources is refetched. A skill's holders are employees, so an employee edit refreshes
 * the skills; archiving a client archives its supervisors and ends its sites; and so on.
 * Every write endpoint has its line (the type requires it), so a new one decides what it touches.
 */
const alsoChanges: Record<WriteEndpoint, readonly Resource[]> = {
  'POST /login': [],
  // The same session under a new token: nothing it reads changes.
  'POST /session/refresh': [],
  'POST /forgot-password': [],
  'PUT /forgot-password': [],
  'POST /login-magic-link': [],
  'PUT /users/me': ['employees', 'supervisors'],
  'POST /users/me/phone-confirmation': ['employees', 'supervisors'],
  'POST /clients': [],
  'PUT /clients/:id': ['sites', 'supervisors'],
  'DELETE /clients/:id': ['sites', 'supervisors'],
  'POST /clients/:id/sites': ['sites', 'supervisors'],
  'PUT /sites/:id': ['clients', 'supervisors'],
  'DELETE /sites/:id': ['clients', 'supervisors'],
  'POST /supervisors': ['clients'],
  'PUT /supervisors/:id': ['clients', 'sites'],
  'DELETE /supervisors/:id': ['clients', 'sites'],
  'POST /supervisors/:id/invitation': [],
  // Anonymising renames them (a pseudonym) wherever they show: lists, threads, timesheets, audit.
  'POST /supervisors/:id/anonymize': ['clients', 'sites', 'messages', 'conversations', 'timesheets'],
  'POST /employees': ['skills', 'tools'],
  'PUT /employees/:id': ['skills', 'tools'],
  'DELETE /employees/:id': ['skills', 'tools'],
  'POST /employees/:id/invitation': [],
  'POST /employees/:id/anonymize': [
    'messages',
    'conversations',
    'time-entries',
    'timesheets',
    'absences',
    'applicants',
  ],
  'POST /skills': [],
  'PUT /skills/:id': ['employees'],
  'DELETE /skills/:id': ['employees'],
  'POST /tools': [],
  'PUT /tools/:id': ['employees'],
  'DELETE /tools/:id': ['employees'],
  // Messages and conversations are read together: a thread shows its messages, the inbox its last one.
  'POST /messages': ['conversations'],
  'PUT /messages/:id': ['conversations'],
  'DELETE /messages': ['conversations'],
  // A reply handled leaves its conversation's marker and the badges (refreshed by its event).
  'POST /messages/:id/dismiss': ['conversations'],
  'PUT /conversations/:id': ['messages'],
  // Sending an assignation's text shows on its order and its row of the matching list.
  'POST /send/sms': ['messages', 'conversations', 'orders', 'assignations'],
  // Twilio's, never called by the web app: a text received (what a reply does besides, an OUI that
  // confirms, its handler adds: the office's equivalent click), and a text's delivery, which shows
  // on its order and assignation as the outbox's own outcome does.
  'POST /webhooks/twilio/sms': ['messages', 'conversations'],
  'POST /webhooks/twilio/status': ['messages', 'conversations', 'orders', 'assignations'],
  // An employee's page lists their absences; the holidays show in the absences calendar.
  'POST /absences': ['employees'],
  'PUT /absences/:id': ['employees'],
  'DELETE /absences/:id': ['employees'],
  'POST /holidays/overrides': ['absences'],
  'DELETE /holidays/overrides/:id': ['absences'],
  'POST /orders': [...coverageViews],
  // An order's change or cancellation rewrites its workers' texts and their assignations.
  'PUT /orders/:id': ['assignations', ...textsAndCoverage],
  'POST /orders/:id/cancel': ['assignations', ...textsAndCoverage],
  // Assignations are read through their order (coverage, its page) and write their texts.
  'POST /orders/:id/assignations': ['assignations', ...textsAndCoverage],
  'POST /assignations/:id/answer': ['orders', ...textsAndCoverage],
  'POST /assignations/confirm': ['orders', ...textsAndCoverage],
  // The worker's answer from their home changes what the office's answer does; and a confirmed site
  // is what the logger proposes that day.
  'POST /my-assignations/:id/answer': ['time-entries', 'assignations', 'orders', ...textsAndCoverage],
  'POST /assignations/:id/cancel': ['orders', ...textsAndCoverage],
  'POST /assignations/:id/replace': ['orders', ...textsAndCoverage],
  'POST /overview/comments': [],
  'PUT /overview/comments/:id': [],
  'DELETE /overview/comments/:id': [],
  // Law 25: the person in charge (the privacy page reads it) and the incident register.
  'PUT /privacy-officer': [],
  'POST /privacy-incidents': [],
  'PUT /privacy-incidents/:id': [],
  'POST /applicants': [],
  'PUT /applicants/:id': [],
  'DELETE /applicants/:id': [],
  'POST /applicants/:id/anonymize': ['messages', 'conversations'],
  'POST /applicants/:id/status': [],
  // Hiring makes an employee (and their skills' holders).
  'POST /applicants/:id/hire': ['employees', 'skills'],
  'PUT /applicants/:id/cv': [],
  'DELETE /applicants/:id/cv': [],
  'POST /applicants/:id/conversation': ['conversations'],
  // Hours logged are all read through the time-entries resource (a week, one entry).
  // A timesheet shows its site's entries; an entry changes the timesheet of its week.
  'POST /time-entries': ['timesheets'],
  // Reminders are SMS: the conversations show them.
  'POST /time-entries/hour-reminders': ['messages', 'conversations'],
  'PUT /time-entries/:id': ['timesheets'],
  'DELETE /time-entries/:id': ['timesheets'],
  'POST /time-entries/:id/photos': ['timesheets'],
  'DELETE /time-entries/:id/photos/:photoId': ['timesheets'],
  'POST /timesheets': [],
  'DELETE /timesheets/:id': [],
  'POST /timesheets/:id/send': [],
  'POST /timesheets/:id/approve': [],
  // A rejected line shows on the worker's week too.
  'POST /timesheets/:id/entries/:entryId/reject': ['time-entries'],
};

/** The resources whose queries a write makes stale: its own, and what it also changes. */
export function changedBy(key: WriteEndpoint): Resource[] {
  return [resourceOf(key), ...alsoChanges[key]];
}

/**
 * The one socket.io event the server sends the admins after a write commits (`changed`): the
 * resources it changed. Every browser refreshes their queries, as the tab that made the write does.
 */
export interface ChangedEvent {
  resources: Resource[];
}
