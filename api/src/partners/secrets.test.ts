import { randomBytes } from 'node:crypto';
import { open, openJson, seal, sealJson, SealedSecretError } from './secrets';

const key = randomBytes(32);

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens what it sealed, and never shows the plain text in the sealed one', () => {
    const sealed = seal('consumer-secret-Ωü', key);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('consumer');
    expect(open(sealed, key)).toBe('consumer-secret-Ωü');
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(seal('same', key)).not.toBe(seal('same', key));
  });

  it('refuses another key in words, never answering a wrong plain text', () => {
    expect(() => open(seal('passkey', key), randomBytes(32))).toThrow(
      new SealedSecretError('The sealed secret cannot be opened: SECRETS_KEY is not the key it was sealed with, or the text was changed'),
    );
  });

  it('refuses a changed text', () => {
    const [version, iv, tag, ciphertext] = seal('passkey', key).split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open([version, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow(SealedSecretError);
    expect(() => open([version, iv, Buffer.alloc(16).toString('base64url'), ciphertext].join('.'), key)).toThrow(SealedSecretError);
    expect(() => open('plain text', key)).toThrow('This is not a sealed secret');
    expect(() => open(`v1.${iv}.AAAA.${ciphertext}`, key)).toThrow('damaged');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => seal('x', randomBytes(16))).toThrow(RangeError);
  });

  it('seals JSON objects', () => {
    expect(openJson(sealJson({ consumerKey: 'k', passkey: 'p' }, key), key)).toEqual({ consumerKey: 'k', passkey: 'p' });
  });
});
