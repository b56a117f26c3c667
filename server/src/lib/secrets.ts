import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

// Secrets that the operator did not set are generated once and kept in DATA_DIR, so restarts keep sessions.
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 48): string {
  const file = join(dataDir, 'secrets', `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
