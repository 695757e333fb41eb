import type { Finding, RedactionMode } from '../types.js';
import { before, matchSpans } from './spans.js';

/** Credentials whose shape alone gives them away: vendor prefixes, JWTs, private key blocks. */
const KNOWN_SECRETS = [
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g, // GitLab
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, // Slack
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g, // Stripe
  /\bsk-(?:proj-|ant-|svcacct-)?[A-Za-z0-9_-]{20,}\b/g, // OpenAI, Anthropic
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\bya29\.[0-9A-Za-z_-]{20,}\b/g, // Google OAuth access tokens
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}\b/g, // SendGrid
  /\bSK[0-9a-f]{32}\b/g, // Twilio
  /\bfc-[0-9a-f]{32}\b/g, // Firecrawl
  /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
  /\bdop_v1_[a-f0-9]{64}\b/g, // DigitalOcean
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, // JWT
  /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
];
/** `https://user:password@host`: the password. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@/gi;
/** `api_key = "…"`, `password: …`, `Authorization: Bearer …`: the value after a credential's name. */
const ASSIGNED =
  /(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_-])*(?:api[_-]?key|apikey|secret(?:[_-]?(?:access[_-]?)?key)?|client[_-]?secret|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|password|passwd|pwd|private[_-]?key|bearer)["']?\s*(?:[:=]|=>)\s*["']?(?:Bearer\s+)?([^\s"',;]{6,})/gi;
const BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g;
/** Runs of token characters long enough to be keys. */
const TOKEN = /(?<![\w/+=-])[A-Za-z0-9_+/=-]{20,}(?![\w/+=-])/g;
const SECRET_CONTEXT = /(?:key|token|secret|password|passwd|credential|auth|api|bearer|signature|session)/;

export function detectSecrets(text: string, mode: RedactionMode): Finding[] {
  const found = KNOWN_SECRETS.flatMap((pattern) => matchSpans(text, pattern, 'SECRET'));
  found.push(...matchSpans(text, URL_PASSWORD, 'SECRET', () => true, 1));
  found.push(
    ...matchSpans(
      text,
      ASSIGNED,
      'SECRET',
      (match) => !/^(?:null|none|true|false|undefined|\*+|<[^>]*>?)$/i.test(match[1]),
      1,
    ),
  );
  found.push(...matchSpans(text, BEARER, 'SECRET', () => true, 1));
  if (mode !== 'fast') {
    // High-entropy strings: with a credential word nearby (accurate), or anywhere (aggressive).
    found.push(
      ...matchSpans(text, TOKEN, 'SECRET', (match) => {
        if (!looksRandom(match[0])) return false;
        return mode === 'aggressive' || SECRET_CONTEXT.test(before(text, match.index ?? 0, 40));
      }),
    );
  }
  return found;
}

/** Shannon entropy per character, in bits. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Mixed letters and digits with the entropy of random keys (hex has a smaller alphabet). */
function looksRandom(value: string): boolean {
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  // Words and numbers joined by punctuation (slugs, flags, identifiers) are not keys.
  const parts = value.split(/[-_=/.+]+/).filter(Boolean);
  if (parts.length > 1 && parts.every((part) => /^[a-z]{1,12}$/i.test(part) || /^\d+$/.test(part)))
    return false;
  const hex = /^[0-9a-f]+$/i.test(value);
  return entropy(value) >= (hex ? 3.0 : 3.7);
}
