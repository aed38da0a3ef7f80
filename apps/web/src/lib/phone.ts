/**
 * A phone number as people write it here: "514 555-0102" for a North-American number (stored as
 * +15145550102), typed any usual way; a number from elsewhere, or anything that is not a whole
 * number, stays as it is.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || /[a-z]/i.test(value)) return value;
  if (value.trim().startsWith('+') && !digits.startsWith('1')) return value;
  return `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`;
}
