import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** One AES-256-GCM operation; the output is ciphertext followed by the 16-byte tag. */
export function gcmEncrypt(key: Buffer, iv: Buffer, plaintext: Buffer, aad?: Buffer): Buffer {
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (aad) cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** Inverse of gcmEncrypt; throws when the key, IV, AAD or data do not match (tampering). */
export function gcmDecrypt(key: Buffer, iv: Buffer, sealed: Buffer, aad?: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

/**
 * Encrypts single field values at rest: AES-256-GCM, a fresh random 12-byte IV per value, and an
 * AAD naming where the value belongs (so a ciphertext copied to another row does not decrypt).
 * Stored form: `v1.<iv base64url>.<ciphertext+tag base64url>`.
 */
export class FieldCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('FieldCipher needs a 32-byte key');
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const sealed = gcmEncrypt(this.key, iv, Buffer.from(plaintext, 'utf8'), Buffer.from(context, 'utf8'));
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  decrypt(stored: string, context: string): string {
    const [version, iv, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !sealed) throw new Error('unknown field cipher format');
    return gcmDecrypt(
      this.key,
      Buffer.from(iv, 'base64url'),
      Buffer.from(sealed, 'base64url'),
      Buffer.from(context, 'utf8'),
    ).toString('utf8');
  }
}

/** A keyed hash for equality look-ups of a secret value (HMAC-SHA256, hex). */
export class KeyedHash {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('KeyedHash needs a key of at least 32 bytes');
  }

  of(value: string, domain: string): string {
    return createHmac('sha256', this.key).update(`${domain}\u0000${value}`).digest('hex');
  }
}
