// The outbox: e-mails and SMS are rows written with the change that causes them, delivered later.
export { createDeliverers } from './drivers.ts';
export {
  type DeliveryOptions,
  deliverDueMessages,
  enqueueMessage,
  enqueueMessages,
  type OutcomeListener,
  type OutgoingMessage,
} from './service.ts';
export { invitationMessage, passwordResetMessage, phoneCodeMessage } from './templates.ts';
