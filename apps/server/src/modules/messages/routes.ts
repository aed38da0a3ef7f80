import type { App } from '../../lib/app-types.ts';
import { forbidden } from '../../lib/errors.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { getThread, getUnseenCounts, listConversations, markConversationSeen } from './conversations.ts';
import { recordDeliveryStatus } from './delivery.ts';
import { type ReplyHandler, receiveInboundSms } from './inbound.ts';
import { getMessage, listMessages } from './pending-read.ts';
import { composePending, deletePending, updatePending } from './pending-write.ts';
import { messagesPolicy } from './policy.ts';
import { dismissReply } from './replies.ts';
import { send } from './send.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';

/** SMS communications: admins only. */
export default async function messagesRoutes(app: App) {
  const route = moduleRoutes(app, 'messages');
  const { db } = app.deps;
  const deps = () => ({ db: app.deps.db });

  route('GET /messages', messagesPolicy.read, (request) => listMessages(db, request.auth, request.query));
  route('GET /messages/unseen', messagesPolicy.read, (request) =>
    getUnseenCounts(db, request.auth, request.query.type),
  );
  route('GET /messages/:id', messagesPolicy.read, (request) =>
    getMessage(db, request.auth, request.params.id),
  );
  route('POST /messages', messagesPolicy.write, (request) =>
    composePending(deps(), request.auth, request.body),
  );
  route('PUT /messages/:id', messagesPolicy.write, (request) =>
    updatePending(deps(), request.auth, request.params.id, request.body),
  );
  route('DELETE /messages', messagesPolicy.write, (request) =>
    deletePending(deps(), request.auth, request.body.ids),
  );
  route('POST /messages/:id/dismiss', messagesPolicy.write, (request) =>
    dismissReply(deps(), request.auth, request.params.id),
  );
  route('GET /conversations', messagesPolicy.read, (request) =>
    listConversations(db, request.auth, request.query),
  );
  route('GET /conversations/:id', messagesPolicy.read, (request) =>
    getThread(db, request.auth, request.params.id, request.query),
  );
  route('PUT /conversations/:id', messagesPolicy.read, (request) =>
    markConversationSeen(deps(), request.auth, request.params.id, request.query.type),
  );
  route('POST /send/sms', messagesPolicy.send, (request) =>
    send(deps(), request.auth, request.query.pending, request.body.messages),
  );
}

/**
 * Twilio's webhooks. Twilio posts forms; the signature is checked against the URL Twilio was given
 * (PUBLIC_URL and the path) before anything is stored.
 */
export async function twilioWebhookRoutes(
  app: App,
  options: { replyHandlers?: readonly ReplyHandler[] } = {},
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const route = moduleRoutes(app, 'webhooks');
  const deps = () => ({
    db: app.deps.db,
    realtime: app.deps.realtime,
    replyHandlers: options.replyHandlers,
  });
  const verify = (request: {
    url: string;
    headers: Record<string, unknown>;
    body: Record<string, string>;
  }) => {
    const url = new URL(request.url, app.deps.config.PUBLIC_URL).href;
    const signature = request.headers['x-twilio-signature'];
    if (
      !isValidTwilioSignature(
        app.deps.webhookKey,
        typeof signature === 'string' ? signature : undefined,
        url,
        request.body,
      )
    ) {
      throw forbidden();
    }
  };

  route('POST /webhooks/twilio/sms', 'public', async (request) => {
    verify(request);
    const { From: from, Body: body = '', MessageSid: providerId } = request.body;
    if (from) await receiveInboundSms(deps(), { from, body, providerId });
  });
  route('POST /webhooks/twilio/status', 'public', async (request) => {
    verify(request);
    const {
      MessageSid: providerId,
      MessageStatus: status,
      ErrorCode: errorCode,
      ErrorMessage: errorMessage,
    } = request.body;
    if (providerId && status)
      await recordDeliveryStatus(deps(), { providerId, status, errorCode, errorMessage });
  });
}
