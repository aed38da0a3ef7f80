// SMS communications: conversations, pending messages, sending through the outbox, inbound SMS.

export { conversationFor } from './conversations.ts';
export { followSmsDelivery } from './delivery.ts';
export { type InboundSms, receiveInboundSms } from './inbound.ts';
export { messagesPolicy } from './policy.ts';
export { default as messagesRoutes, twilioWebhookRoutes } from './routes.ts';
export { twilioSignature, webhookSigningKey } from './twilio-signature.ts';
