import { z } from 'zod';

/** What of a person's records was opened (Law 25): their file, a CV, a health-related absence, their data's export. */
export const accessKinds = ['file', 'cv', 'health_absence', 'export'] as const;
export type AccessKind = (typeof accessKinds)[number];

export const smsConsentEventSchema = z.object({
  kind: z.enum(['opt_out', 'opt_in']),
  /** The word the number sent ("ARRET", "START"…). */
  keyword: z.string().nullable(),
  source: z.enum(['sms']),
  at: z.string(),
});

export const accessEntrySchema = z.object({
  what: z.enum(accessKinds),
  at: z.string(),
  /** Who opened it (null: an account since deleted). */
  actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});

/**
 * A person's privacy record, on their page (the office's): their mobile's texting consent and its
 * history (every STOP / START), and who opened their sensitive records, the latest first.
 */
export const personPrivacySchema = z.object({
  phone: z.string().nullable(),
  sms: z.object({
    /** The number answered STOP (or ARRÊT…) and has not started again: it gets no texts. */
    optedOut: z.boolean(),
    events: z.array(smsConsentEventSchema),
  }),
  access: z.array(accessEntrySchema),
  /** All the accesses recorded (the list shows the latest 50). */
  accessTotal: z.number().int(),
});
export type PersonPrivacy = z.infer<typeof personPrivacySchema>;
