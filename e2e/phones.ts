/**
 * A mobile number the tests of this process give no one else: the tests read each worker's SMS by
 * number, and two workers drawn at random on one number (1 in 3,300 for a crew of three) read each
 * other's. Numbers follow each other from a start spread by the process id and the time.
 */
let next = (process.pid * 7_919 + Date.now()) % 9_000;

export function uniqueMobile(areaCode = '438'): string {
  next = (next + 1) % 9_000;
  return `+1${areaCode}555${String(1_000 + next).padStart(4, '0')}`;
}

/** "+15145550177" as people write it: "514 555-0177". */
export function localPhone(e164: string): string {
  return `${e164.slice(2, 5)} ${e164.slice(5, 8)}-${e164.slice(8)}`;
}
