import pino, { type DestinationStream } from 'pino';

/** Path segments that carry secrets (reset and magic-link tokens) are masked in logs. */
const secretPathPattern = /\/(change-password|magic-link-login)\/[^/?#]+/g;
export function maskUrl(url: string): string {
  return url.replace(secretPathPattern, '/$1/***');
}

/** Passwords, tokens and credentials never reach the logs. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.passwordHash',
];

/** JSON logs (pino) on stdout, or on `destination` in tests. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      serializers: {
        req: (req) => ({
          id: req.id,
          method: req.method,
          url: maskUrl(req.url),
          remoteAddress: req.ip,
          headers: { authorization: req.headers?.authorization, 'user-agent': req.headers?.['user-agent'] },
        }),
      },
    },
    destination,
  );
}
