// The outbox: e-mails and SMS are rows written with the change that causes them, delivered later.
export { createDeliverers, type Deliverers } from './drivers.ts';
export {
  type DeliveryOptions,
  type DeliveryOutcome,
  deliverDueMessages,
  enqueueMessage,
  enqueueMessages,
  type OutcomeListener,
  type OutgoingMessage,
} from './service.ts';
export { invitationMessage, passwordResetMessage, phoneCodeMessage } from './templates.ts';
