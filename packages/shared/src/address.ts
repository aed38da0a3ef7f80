import { z } from 'zod';
import { toE164 } from './auth.ts';

/** Spec §3: the thirteen provinces and territories. */
export const provinces = [
  'NL',
  'PE',
  'NS',
  'NB',
  'QC',
  'ON',
  'MB',
  'SK',
  'AB',
  'BC',
  'YT',
  'NT',
  'NU',
] as const;
export type Province = (typeof provinces)[number];

/** An optional text field: blank becomes null. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Canadian postal code, optional; "h2x1y4" is stored as "H2X 1Y4". */
export const postalCodeSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const compact = value.toUpperCase().replace(/[\s-]/g, '');
    if (!/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(compact)) {
      ctx.addIssue({ code: 'custom', message: 'invalid_postal_code' });
      return z.NEVER;
    }
    return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  });

/** Optional phone typed any usual way, stored in E.164. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
      return z.NEVER;
    }
    return e164;
  });

/** Optional e-mail, lower-cased; blank becomes null. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!z.email().safeParse(value).success || value.length > 254) {
      ctx.addIssue({ code: 'custom', message: 'invalid_email' });
      return z.NEVER;
    }
    return value;
  });

/** Calendar date as the API speaks it: ISO yyyy-MM-dd (dd/MM/yyyy accepted too). */
export const isoDateSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
    const date = new Date(`${iso}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(iso) ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== iso
    ) {
      ctx.addIssue({ code: 'custom', message: 'invalid_date' });
      return z.NEVER;
    }
    return iso;
  });
export const optionalDateSchema = z
  .union([isoDateSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

export const addressSchema = z.object({
  street: optionalText(200),
  city: optionalText(100),
  province: z.enum(provinces).default('QC'),
  postalCode: postalCodeSchema,
});
