import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM: `version ‖ iv ‖ tag ‖ ciphertext`. The associated data binds a sealed profile to
 * its team and name, so a blob copied under another team's key does not open.
 */
export function sealProfile(key: Buffer, associatedData: string, plaintext: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

/** Throws when the blob was altered, sealed with another key, or belongs to another team or name. */
export function openProfile(key: Buffer, associatedData: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  if (bytes[0] !== VERSION) throw new Error(`Unknown profile format ${bytes[0]}`);
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
