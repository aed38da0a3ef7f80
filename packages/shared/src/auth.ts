import { z } from 'zod';
import { languages, roles } from './roles.ts';
import { text } from './text.ts';

/** Passwords are kept as typed (spaces count), without control characters like any text. */
export const passwordSchema = text(128, { tidy: 'as typed' }).min(8);
/** The longest e-mail address (RFC 5321's path limit). */
export const emailMaxLength = 254;
export const emailSchema = text(emailMaxLength).toLowerCase().pipe(z.email());
/** Longer than any phone number typed with spaces, brackets and a country code. */
export const phoneMaxLength = 40;

/**
 * Phone numbers are stored in E.164. People type "514 555-1234", "(514) 555 1234" or
 * "+1 514 555 1234"; North American numbers are assumed when no country code is given.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && !digits.startsWith('1')) {
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  // Country code 1, typed or assumed: only a number that can exist in North America.
  const withCountryCode = !trimmed.startsWith('+') && digits.length === 10 ? `1${digits}` : digits;
  return northAmericanNumber.test(withCountryCode) ? `+${withCountryCode}` : null;
}
/** 1, then an area code and an exchange that start with 2–9 (NANP): "1 514 555 1234", not "1 014 155 1234". */
const northAmericanNumber = /^1[2-9]\d{2}[2-9]\d{6}$/;
export const phoneSchema = text(phoneMaxLength).transform((value, ctx) => {
  const e164 = toE164(value);
  if (!e164) {
    ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
    return z.NEVER;
  }
  return e164;
});

export const userSchema = z.object({
  id: z.string(),
  /** Employees may have no e-mail. */
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  language: z.enum(languages),
});
export type User = z.infer<typeof userSchema>;

export const meSchema = userSchema.extend({
  phone: z.string().nullable(),
  /** A new mobile I gave, waiting for the code sent to it (null: none). */
  pendingPhone: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Sign-in with an e-mail or a mobile phone (many workers have no e-mail and are invited by SMS), never
 * both. The form shows one field and sends `email` when it holds an @, else `phone`.
 */
export const loginRequestSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    password: text(128, { tidy: 'as typed' }).min(1),
  })
  .refine((v) => (v.email === undefined) !== (v.phone === undefined), {
    path: ['email'],
    message: 'email_or_phone',
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What a session may do: everything its role allows, or only what a magic link was issued for. */
export const sessionScopeSchema = z.object({
  kind: z.string(),
  id: z.string().optional(),
  /**
   * A link opened once what it names was decided (a timesheet's week approved): it shows it and
   * decides nothing more (issue 26, point 5).
   */
  readOnly: z.boolean().optional(),
});
export type SessionScope = z.infer<typeof sessionScopeSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  scope: sessionScopeSchema.nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/session/refresh: the same session, signed again with its new end. */
export const sessionRefreshSchema = z.object({ token: z.string(), user: userSchema });
export type SessionRefresh = z.infer<typeof sessionRefreshSchema>;

export const updateMeSchema = z
  .object({
    language: z.enum(languages).optional(),
    firstName: text(100).min(1).optional(),
    lastName: text(100).min(1).optional(),
    phone: phoneSchema.nullable().optional(),
    currentPassword: text(128, { tidy: 'as typed' }).optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine((v) => !v.newPassword || !!v.currentPassword, {
    path: ['currentPassword'],
    message: 'required',
  });
export type UpdateMe = z.input<typeof updateMeSchema>;

/** The 6-digit code sent by SMS to a new mobile. */
export const phoneConfirmationSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six_digits'),
});

/**
 * A reset link asked for with an e-mail or a mobile phone, in one field like the sign-in: the link
 * goes by e-mail to an e-mail, by SMS to a phone. A `channel` sent by older clients is ignored: the
 * field says which.
 */
export const forgotPasswordRequestSchema = z
  .object({ email: emailSchema.optional(), phone: phoneSchema.optional() })
  .refine((v) => (v.email === undefined) !== (v.phone === undefined), {
    path: ['email'],
    message: 'email_or_phone',
  });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type ForgotPasswordRequestParsed = z.output<typeof forgotPasswordRequestSchema>;

export const resetPasswordSchema = z.object({ password: passwordSchema });

/**
 * GET /api/forgot-password/status (the link's token as bearer): whether a reset or invitation link
 * can still set a password, checked when the link is opened, and the language its page is shown in
 * (its owner's: an invitation sent by SMS to an English speaker opens in English). Says what kind of
 * link it is and in which language, never whose; a used, expired or unknown link is
 * `{ valid: false, purpose: null, language: null }` alike.
 */
export const resetLinkStatusSchema = z.object({
  valid: z.boolean(),
  purpose: z.enum(['password_reset', 'invitation']).nullable(),
  language: z.enum(languages).nullable(),
});
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

export const magicLinkLoginSchema = z.object({ token: text(200, { tidy: 'as typed' }).min(16) });
