import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  batchOutcomeSchema,
  composeSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSeenQuerySchema,
  messageIdsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  messageUpdateSchema,
  pendingMessageSchema,
  sendBodySchema,
  sendQuerySchema,
  threadQuerySchema,
  threadSchema,
  unseenCountsSchema,
  unseenQuerySchema,
} from '../messages.ts';
import { idParams } from './ids.ts';

/** SMS communications (spec §7): messages, conversations, sending. Admins only. */
export const messagesEndpoints = {
  'GET /messages': endpoint({
    summary: 'Messages of a type: the pending ones (drafts to review) by default, oldest first',
    query: messageListQuerySchema,
    response: messagePageSchema,
  }),
  'GET /messages/unseen': endpoint({
    summary:
      'Inbound messages waiting for the office by type (unread, or an Assignation reply to handle), the Communications total (General + Assignation + Applicants), and the replies to handle',
    query: unseenQuerySchema,
    response: unseenCountsSchema,
  }),
  'GET /messages/:id': endpoint({
    summary: 'One message, with whom its conversation is',
    params: idParams,
    response: pendingMessageSchema,
  }),
  'POST /messages': endpoint({
    summary:
      'Save a message as pending, one per recipient in their language; recipients who cannot be texted are listed in `refused`',
    body: composeSchema,
    status: 201,
    response: batchOutcomeSchema,
  }),
  'PUT /messages/:id': endpoint({
    summary: 'Change the text of a pending message (409 MESSAGE_NOT_PENDING once it is queued or sent)',
    params: idParams,
    body: messageUpdateSchema,
    response: messageSchema,
    errors: [409],
  }),
  'DELETE /messages': endpoint({
    summary: 'Delete pending messages, all or none (409 MESSAGE_NOT_PENDING if one is queued or sent)',
    body: messageIdsSchema,
    status: 204,
    errors: [409],
  }),
  'POST /messages/:id/dismiss': endpoint({
    summary:
      'A reply left for the office ("réponse à traiter") needs nothing: it is handled, and stops counting in the Assignation badge',
    description:
      'To confirm or decline from it instead: `POST /assignations/:id/answer` with `replyId`. 409 REPLY_NOT_TO_HANDLE when it is not, or no longer, waiting (details.replyStatus).',
    params: idParams,
    response: messageSchema,
    errors: [409],
  }),
  'GET /conversations': endpoint({
    summary: 'Conversations of a type, searched by name or phone, unread first or newest first',
    query: conversationListQuerySchema,
    response: conversationPageSchema,
  }),
  'GET /conversations/:id': endpoint({
    summary: 'A conversation and a page of its messages, newest first',
    params: idParams,
    query: threadQuerySchema,
    response: threadSchema,
  }),
  'PUT /conversations/:id': endpoint({
    summary: 'Mark a conversation as seen; answers the unread counts after it',
    params: idParams,
    query: conversationSeenQuerySchema,
    response: unseenCountsSchema,
  }),
  'POST /send/sms': endpoint({
    summary:
      '?pending=true: send the given pending messages; otherwise compose and send a new one. Each recipient is queued or listed in `refused` with the reason',
    query: sendQuerySchema,
    body: sendBodySchema,
    response: batchOutcomeSchema,
    errors: [409],
  }),
};

/**
 * What Twilio posts (application/x-www-form-urlencoded). Checked against X-Twilio-Signature before
 * anything is read: a bad or missing signature is a 403 and nothing is stored.
 */
const twilioForm = z.record(z.string(), z.string());

/** Twilio's webhooks (public: Twilio's signature is the credential). */
export const webhooksEndpoints = {
  'POST /webhooks/twilio/sms': endpoint({
    summary:
      'An SMS came in (Twilio): stored in its conversation; STOP / START words opt the number out or in',
    body: twilioForm,
    status: 204,
    errors: [403],
  }),
  'POST /webhooks/twilio/status': endpoint({
    summary: 'A delivery report (Twilio status callback): sent, delivered, undelivered, failed',
    body: twilioForm,
    status: 204,
    errors: [403],
  }),
};
