import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { randomToken } from './crypto.ts';

/**
 * JWT_SECRET, or one generated once and kept under DATA_DIR so sessions survive restarts (and the
 * `sms:receive` script signs with what the server checks).
 */
export function jwtSecretOf(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
