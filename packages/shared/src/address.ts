import { z } from 'zod';
import { emailMaxLength, phoneMaxLength, toE164 } from './auth.ts';
import { parseApiDate } from './dates.ts';
import { provinces } from './enums.ts';
import { text } from './text.ts';

export { type Province, provinces } from './enums.ts';

/** An optional text field: blank becomes null. Notes and comments are `multiline`. */
export const optionalText = (max = 500, options: { multiline?: boolean } = {}) =>
  text(max, options)
    .nullish()
    .transform((value) => (value ? value : null));

/** Canadian postal code, optional; "h2x1y4" is stored as "H2X 1Y4". */
export const postalCodeSchema = text(20)
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
export const optionalPhoneSchema = text(phoneMaxLength)
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
export const optionalEmailSchema = text(emailMaxLength)
  .toLowerCase()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!z.email().safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: 'invalid_email' });
      return z.NEVER;
    }
    return value;
  });

function toIsoDate(value: string, ctx: { addIssue: z.RefinementCtx['addIssue'] }): string {
  const iso = parseApiDate(value);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: 'invalid_date' });
    return z.NEVER;
  }
  return iso;
}

/** Calendar date as the API speaks it: ISO yyyy-MM-dd (dd/MM/yyyy accepted too). */
export const isoDateSchema = text(40).transform(toIsoDate);
/** An optional date: blank or null becomes null. */
export const optionalDateSchema = text(40)
  .nullish()
  .transform((value, ctx) => (value ? toIsoDate(value, ctx) : null));

export const addressSchema = z.object({
  street: optionalText(200),
  city: optionalText(100),
  province: z.enum(provinces).default('QC'),
  postalCode: postalCodeSchema,
});
