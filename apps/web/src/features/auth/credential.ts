/**
 * What the one sign-in field holds: an @ means an e-mail, anything else a mobile phone number
 * (the login request's `email` or `phone`; nothing for an empty field).
 */
export function credentialFor(identifier: string): { email?: string; phone?: string } {
  if (!identifier) return {};
  return identifier.includes('@') ? { email: identifier } : { phone: identifier };
}
