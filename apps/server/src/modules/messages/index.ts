// SMS communications: conversations, pending messages, sending through the outbox, inbound SMS.

export { announceMessages } from './announce.ts';
export { createMessages } from './compose.ts';
export { conversationFor } from './conversations.ts';
export { followSmsDelivery } from './delivery.ts';
export { removeDrafts, rewriteDrafts } from './drafts.ts';
export { type ReplyHandler, receiveInboundSms } from './inbound.ts';
export { claimReply, markReplyHandled } from './replies.ts';
export { default as messagesRoutes, twilioWebhookRoutes } from './routes.ts';
export { twilioSignature, webhookSigningKey } from './twilio-signature.ts';
