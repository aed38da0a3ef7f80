import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password); // argon2id is the library's default algorithm
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Unknown users are checked against a fixed hash so that timing does not reveal which e-mails exist.
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}
const dummyHash = hashPassword('not-a-real-password-used-for-timing');

/** A random URL-safe secret (32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
