import {
  answerInputSchema,
  assignationCancelSchema,
  assignationListQuerySchema,
  assignationPageSchema,
  assignInputSchema,
  assignOutcomeSchema,
  bulkConfirmOutcomeSchema,
  bulkConfirmSchema,
  myAssignationsSchema,
  replaceInputSchema,
  timelineSchema,
} from '../assignations.ts';
import { endpoint } from '../endpoint.ts';
import { assignationSchema } from '../orders.ts';
import { idParams } from './ids.ts';

/** Assignations: workers asked for an order, answering by SMS or through the office. */
export const assignationsEndpoints = {
  'POST /orders/:id/assignations': endpoint({
    summary:
      'Assign workers to an order: one pending assignation each, with its pending Assignation SMS in the worker’s language',
    description:
      'All or nothing. Refused: a cancelled order (ORDER_CANCELLED), an order past its last day (ORDER_ENDED), more open places asked than it needs (ORDER_FULL), a worker a hard rule leaves out (ASSIGNATION_EXCLUDED with the rule) unless `overrideReason` is written — the override is audited.',
    params: idParams,
    body: assignInputSchema,
    status: 201,
    response: assignOutcomeSchema,
    errors: [409],
  }),
  'GET /orders/:id/timeline': endpoint({
    summary: 'The order’s history: created, changed, cancelled; each assignation asked, answered, replaced',
    params: idParams,
    response: timelineSchema,
  }),
  'GET /assignations': endpoint({
    summary: 'Assignations by day and site (the matching list): pending and confirmed by default',
    description:
      'Keeps those whose order touches from–to (from today on by default). Without `status`, lists the pending and confirmed ones.',
    query: assignationListQuerySchema,
    response: assignationPageSchema,
  }),
  'POST /assignations/:id/answer': endpoint({
    summary:
      'The office answers for the worker: confirmed or declined (a decline proposes the next-ranked candidate)',
    description:
      'With `replyId` (a reply of this worker left to handle): the reply is handled with it and the worker is texted the answer. 409 REPLY_NOT_TO_HANDLE when that reply was handled meanwhile, REPLY_OTHER_WORKER when it is someone else’s.',
    params: idParams,
    body: answerInputSchema,
    response: assignationSchema,
    errors: [409],
  }),
  'POST /assignations/confirm': endpoint({
    summary: 'Confirm several pending assignations at once (those no longer pending are listed as skipped)',
    body: bulkConfirmSchema,
    response: bulkConfirmOutcomeSchema,
  }),
  'POST /assignations/:id/cancel': endpoint({
    summary:
      'Cancel an assignation: its pending SMS is deleted, or a notice is queued when the worker was already asked',
    params: idParams,
    body: assignationCancelSchema,
    response: assignationSchema,
    errors: [409],
  }),
  'POST /assignations/:id/replace': endpoint({
    summary:
      'Replace the worker of an open assignation: it becomes "replaced" (kept in the history), the new one is pending',
    params: idParams,
    body: replaceInputSchema,
    status: 201,
    response: assignationSchema,
    errors: [409],
  }),
  'GET /my-assignations': endpoint({
    summary:
      'The signed-in worker’s assignations: confirmed ones from today over two weeks, and the offers sent to them that wait for their answer',
    response: myAssignationsSchema,
  }),
  'POST /my-assignations/:id/answer': endpoint({
    summary:
      'The worker accepts or declines an offer sent to them, from the app: the same as their SMS reply (a decline proposes the next-ranked candidate)',
    description:
      'Only an offer of theirs that was sent and is still pending (ASSIGNATION_CLOSED once answered, 404 otherwise). Answers their list as it is then.',
    params: idParams,
    body: answerInputSchema,
    response: myAssignationsSchema,
    errors: [404, 409],
  }),
};
