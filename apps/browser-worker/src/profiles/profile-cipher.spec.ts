import { randomBytes } from 'node:crypto';
import { openProfile, sealProfile } from './profile-cipher.js';

describe('profile encryption', () => {
  const key = randomBytes(32);
  const state = JSON.stringify({ cookies: [{ name: 'session', value: 'secret-token' }], origins: [] });

  it('round-trips and never stores the plaintext', () => {
    const sealed = sealProfile(key, 'team-1/shop', state);
    expect(sealed.includes(Buffer.from('secret-token'))).toBe(false);
    expect(openProfile(key, 'team-1/shop', sealed)).toBe(state);
  });

  it('refuses another key, another team or name, and altered bytes', () => {
    const sealed = sealProfile(key, 'team-1/shop', state);
    expect(() => openProfile(randomBytes(32), 'team-1/shop', sealed)).toThrow();
    expect(() => openProfile(key, 'team-2/shop', sealed)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => openProfile(key, 'team-1/shop', altered)).toThrow();
  });
});
