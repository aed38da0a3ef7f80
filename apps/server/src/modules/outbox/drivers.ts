import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { OutboxRow } from '../../db/schema/index.ts';
import { type FileStorage, storageFor } from '../../lib/storage.ts';

/** Delivers one message; returns the provider's id when it gives one. Throws to retry later. */
export type Deliver = (message: OutboxRow) => Promise<string | undefined>;
export type Deliverers = Record<OutboxRow['channel'], Deliver>;

function fileName(message: OutboxRow, extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${message.id}.${extension}`;
}

/**
 * Writes a message file whole or not at all: into a hidden file first, then renamed, so that whoever
 * reads the outbox folder (a person, a test, a script) never meets a half-written message.
 */
async function writeMessageFile(folder: string, name: string, data: string | Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const partial = path.join(folder, `.${name}.part`);
  await writeFile(partial, data);
  await rename(partial, path.join(folder, name));
}

/**
 * The files an e-mail carries (a timesheet's PDF), named in its meta and kept in storage: the row
 * stays small, and a retry sends the very same file. A file gone missing is retried, then fails.
 */
async function attachmentsOf(storage: FileStorage, message: OutboxRow) {
  const listed = (
    message.meta as { attachments?: { key: string; fileName: string; contentType: string }[] } | null
  )?.attachments;
  if (!listed?.length) return undefined;
  return Promise.all(
    listed.map(async ({ key, fileName, contentType }) => {
      const content = await storage.get(key);
      if (!content) throw new Error(`attachment ${key} is missing`);
      return { filename: fileName, content, contentType };
    }),
  );
}

/** Without SMTP_URL, each e-mail is written as an .eml file under DATA_DIR/outbox/mail. */
export function createMailDeliver(config: Config): Deliver {
  const folder = path.join(config.DATA_DIR, 'outbox', 'mail');
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const storage = storageFor(config);
  return async (message) => {
    const info = await transport.sendMail({
      from: config.MAIL_FROM,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      headers: { 'Content-Language': message.language },
      attachments: await attachmentsOf(storage, message),
    });
    if (!config.SMTP_URL) {
      await writeMessageFile(folder, fileName(message, 'eml'), (info as { message: Buffer }).message);
    }
    return info.messageId;
  };
}

/** SMS: written as JSON under DATA_DIR/outbox/sms by default; sent through Twilio's REST API with SMS_DRIVER=twilio. */
export function createSmsDeliver(config: Config): Deliver {
  if (config.SMS_DRIVER === 'twilio') {
    const {
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_BASE: base,
    } = config;
    if (!sid || !authToken || !from)
      throw new Error('SMS_DRIVER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    return async (message) => {
      const response = await fetch(`${base}/2010-04-01/Accounts/${sid}/Messages.json`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${sid}:${authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          To: message.recipient,
          From: from,
          Body: message.body,
          // Delivered, undelivered, failed: Twilio reports each change to this webhook.
          StatusCallback: new URL('/api/webhooks/twilio/status', config.PUBLIC_URL).href,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(await twilioError(response));
      return ((await response.json()) as { sid?: string }).sid;
    };
  }
  const folder = path.join(config.DATA_DIR, 'outbox', 'sms');
  return async (message) => {
    const at = new Date().toISOString();
    const record = {
      id: message.id,
      to: message.recipient,
      body: message.body,
      language: message.language,
      at,
    };
    await writeMessageFile(folder, fileName(message, 'json'), `${JSON.stringify(record, null, 2)}\n`);
    return undefined;
  };
}

/** Twilio's own words for a refusal ("21211: The 'To' number is not a valid phone number"). */
async function twilioError(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { code?: number; message?: string };
    if (body.message) return body.code ? `${body.code}: ${body.message}` : body.message;
  } catch {
    // not JSON: the raw answer below
  }
  return `Twilio answered ${response.status}: ${text.slice(0, 300)}`;
}

export function createDeliverers(config: Config): Deliverers {
  return { email: createMailDeliver(config), sms: createSmsDeliver(config) };
}
