import { isCardNumber, isIban, luhn } from './detectors/financial.js';
import { entropy } from './detectors/secrets.js';
import { findPii, redactionOptions, redactPii } from './redact-pii.js';
import { PII_ENTITIES, type RedactionOptions } from './types.js';

const all = (overrides: Partial<RedactionOptions> = {}): RedactionOptions => ({
  entities: PII_ENTITIES,
  mode: 'accurate',
  replaceStyle: 'tag',
  ...overrides,
});

describe('redactionOptions', () => {
  it('is off for undefined and false, every entity in accurate mode with tags for true', () => {
    expect(redactionOptions(undefined)).toBeUndefined();
    expect(redactionOptions(false)).toBeUndefined();
    expect(redactionOptions(true)).toEqual({ entities: PII_ENTITIES, mode: 'accurate', replaceStyle: 'tag' });
    expect(redactionOptions({ entities: ['EMAIL'], mode: 'fast', replaceStyle: 'mask' })).toEqual({
      entities: ['EMAIL'],
      mode: 'fast',
      replaceStyle: 'mask',
    });
  });
});

describe('redactPii', () => {
  const text = 'Mail ada@example.org or call +44 20 7946 0958.';

  it('replaces with tags, masks or nothing', () => {
    expect(redactPii(text, all()).text).toBe('Mail <EMAIL> or call <PHONE>.');
    expect(redactPii(text, all({ replaceStyle: 'mask' })).text).toBe(
      'Mail *************** or call ****************.',
    );
    expect(redactPii(text, all({ replaceStyle: 'remove' })).text).toBe('Mail  or call .');
  });

  it('redacts only the entities asked for', () => {
    expect(redactPii(text, all({ entities: ['PHONE'] })).text).toBe('Mail ada@example.org or call <PHONE>.');
  });

  it('lets the more specific entity win an overlap: a card is not a phone number', () => {
    const findings = findPii('Card 4111 1111 1111 1111 on file.', all());
    expect(findings).toEqual([{ entity: 'FINANCIAL', start: 5, end: 24 }]);
  });

  it('keeps the shape of a masked private key (line breaks stay)', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----';
    const masked = redactPii(`key:\n${key}`, all({ replaceStyle: 'mask' })).text;
    expect(masked.split('\n')).toHaveLength(4);
    expect(masked).not.toMatch(/[A-Z]{3}/);
  });

  it('redacts the password of a URL but not the URL', () => {
    expect(redactPii('redis://cache:Tr0ub4dor@10.0.0.5:6379', all()).text).toBe(
      'redis://cache:<SECRET>@10.0.0.5:6379',
    );
  });

  it('needs context for names in accurate mode and a title in fast mode', () => {
    const letter = 'Dear Dr. Jane Smith, Ada Lovelace wrote to us from Lisbon.';
    expect(redactPii(letter, all({ mode: 'fast' })).text).toBe(
      'Dear <PERSON>, Ada Lovelace wrote to us from Lisbon.',
    );
    expect(redactPii(letter, all()).text).toBe('Dear <PERSON>, <PERSON> wrote to us from <LOCATION>.');
  });

  it('leaves look-alikes alone: dates, versions, amounts, hashes and organisations', () => {
    const safe =
      'Released 2026-11-23 as v10.2.3 for $1,234.56; commit 3f2c1a9, id 550e8400-e29b-41d4-a716-446655440000. The Washington Post and Apple reported.';
    expect(findPii(safe, all())).toEqual([]);
  });
});

describe('validators', () => {
  it('checks cards with Luhn and issuer prefixes, IBANs with mod 97 and country length', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(isCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isCardNumber('0000 0000 0000 0000')).toBe(false);
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isIban('GB29NWBK6016133192681')).toBe(false);
  });

  it('measures entropy in bits per character', () => {
    expect(entropy('aaaa')).toBe(0);
    expect(entropy('abcd')).toBe(2);
  });
});

describe('markdown autolinks', () => {
  it('replaces an autolinked address whole', () => {
    expect(redactPii('Write to <ada@example.org>.', all()).text).toBe('Write to <EMAIL>.');
    // Markdown's own escapes stay part of the address, so none of it is left behind.
    expect(redactPii('Write to ada\\_lovelace\\@example.org today.', all()).text).toBe(
      'Write to <EMAIL> today.',
    );
    expect(redactPii('[Ada](mailto:ada@example.org)', all({ entities: ['EMAIL'] })).text).toBe(
      '[Ada](mailto:<EMAIL>)',
    );
  });
});
