import { createRequire } from 'node:module';
import type Nlp from 'compromise';
import type { Finding, RedactionMode } from '../types.js';
import { before, matchSpans } from './spans.js';

const NAME = "[A-Z][a-zà-öø-ÿ'’-]+";
/** `Dr. Ada Lovelace`, `Mrs Brown`: a title is the surest sign of a person. */
const HONORIFIC = new RegExp(
  `\\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Rev|Herr|Frau|Mme|Mlle)\\.?\\s+${NAME}(?:\\s+${NAME}){0,2}`,
  'g',
);
/** `Name: Ada Lovelace`, `Dear Ada Lovelace`, `written by Ada Lovelace`: a name after a label or greeting. */
const LABELLED_NAME = new RegExp(
  `(?:\\b(?:[Nn]ame|[Cc]ontact|[Aa]uthor|[Pp]atient|[Cc]ustomer|[Ee]mployee|[Cc]ardholder|[Rr]ecipient|[Ss]igned)\\s*:\\s*|\\b(?:Dear|[Ww]ritten by|[Pp]osted by|[Ss]igned by)\\s+)(${NAME}(?:\\s+${NAME}){1,2})`,
  'g',
);
/** `our CEO Priya Raman`: a role right before a full name (confirming context, so not in fast mode). */
const ROLE_NAME = new RegExp(
  `\\b(?:CEO|CTO|CFO|COO|[Ff]ounder|[Cc]o-founder|[Dd]irector|[Mm]anager|[Cc]hair(?:man|woman|person)?|[Pp]resident|[Pp]rofessor|[Ss]pokes(?:man|woman|person)|[Ee]ditor|[Rr]eporter|[Cc]olleague|[Ll]awyer|[Dd]octor)\\s+(${NAME}\\s+${NAME})`,
  'g',
);
const STREET_TYPES =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Court|Ct|Way|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy|Close|Crescent';
/** `742 Evergreen Terrace, Springfield, OR 97403`: number, street, then optional unit, city and state + ZIP. */
const STREET_ADDRESS = new RegExp(
  `\\b\\d{1,6}[A-Za-z]?\\s+(?:${NAME}\\s+){1,4}(?:${STREET_TYPES})\\b\\.?(?:,?\\s+(?:Apt|Suite|Unit|Flat|#)\\.?\\s*[\\w-]+)?(?:,\\s*${NAME}(?:\\s+${NAME})*)?(?:,?\\s*[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?)?`,
  'g',
);
/** `Hauptstraße 12, 10115 Berlin`: the continental order, street first. */
const CONTINENTAL_ADDRESS =
  /\b[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|weg|gasse|platz|allee|laan|straat|gade|vej|rue|via|calle)\s+\d{1,4}[a-z]?(?:,\s*\d{4,5}\s+[A-ZÄÖÜ][a-zäöüß]+)?/g;
/** `55 Rue de Rivoli`, `12 Via della Spiga`: number, street word, particles, name. */
const ROMANCE_ADDRESS = new RegExp(
  `\\b\\d{1,4},?\\s+(?:Rue|Avenue|Boulevard|Place|Quai|Via|Viale|Piazza|Calle|Avenida|Plaza|Rua|Praça)\\s+(?:(?:de|du|des|la|le|del|della|di|da|do|dos)\\s+)*${NAME}(?:\\s+${NAME})*`,
  'g',
);
/** UK postcodes (`SW1A 2AA`) are specific enough to stand alone. */
const UK_POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[A-Z]{2}\b/g;

const PERSON_CUES_BEFORE =
  /(?:\b(?:said|says|told|dear|hi|hello|thanks|by|from|with|contact|ask|call|email|met|ceo|cto|cfo|founder|director|manager|professor|doctor|mr|mrs|ms|dr|author|spokesperson)\W{0,3}$)/;
const PERSON_CUES_AFTER =
  /^\W{0,3}(?:said|says|told|wrote|writes|explained|added|noted|is|was|who|,\s*(?:the|a|an|our)\s)/i;
const PLACE_CUES_BEFORE =
  /\b(?:in|at|from|near|to|into|across|outside|inside|around|located|based|born|lives|live|lived|moved|visit|visited|visiting|travel(?:led|ed)?)\W{0,3}$/;

/** PERSON: honorifics and labels (every mode); the NER's people, confirmed by context (accurate) or all (aggressive). */
export function detectPeople(text: string, mode: RedactionMode): Finding[] {
  const found = [
    ...matchSpans(text, HONORIFIC, 'PERSON'),
    ...matchSpans(text, LABELLED_NAME, 'PERSON', () => true, 1),
  ];
  if (mode === 'fast') return found;
  found.push(...matchSpans(text, ROLE_NAME, 'PERSON', () => true, 1));
  for (const candidate of entities(text, 'people')) {
    const tags = candidate.tags;
    const confirmed =
      mode === 'aggressive' ||
      tags.has('Honorific') ||
      (tags.has('FirstName') && candidate.words > 1) ||
      (tags.has('LastName') && candidate.words > 1) ||
      PERSON_CUES_BEFORE.test(before(text, candidate.start, 20)) ||
      PERSON_CUES_AFTER.test(text.slice(candidate.end, candidate.end + 20));
    if (
      confirmed &&
      /^[A-Z]/.test(text.slice(candidate.start, candidate.end).replace(/^(?:Mr|Mrs|Ms|Dr)\.?\s+/, ''))
    ) {
      found.push({ entity: 'PERSON', start: candidate.start, end: candidate.end });
    }
  }
  return found;
}

/** LOCATION: street addresses and postcodes (every mode); the NER's places, confirmed by context (accurate) or all (aggressive). */
export function detectPlaces(text: string, mode: RedactionMode): Finding[] {
  const found = [
    ...matchSpans(text, STREET_ADDRESS, 'LOCATION'),
    ...matchSpans(text, CONTINENTAL_ADDRESS, 'LOCATION'),
    ...matchSpans(text, ROMANCE_ADDRESS, 'LOCATION'),
    ...matchSpans(
      text,
      UK_POSTCODE,
      'LOCATION',
      (match) => /\d[A-Z]{2}$/.test(match[0]) && /[A-Z]\d/.test(match[0]),
    ),
  ];
  if (mode === 'fast') return found;
  const organisations = entities(text, 'organizations');
  for (const candidate of entities(text, 'places')) {
    // "The Washington Post": a place inside an organisation's name is not a location.
    if (organisations.some((org) => org.start < candidate.end && candidate.start < org.end)) continue;
    if (
      /^\s+(?:Post|Times|Herald|Journal|University|College|Institute|Bank|Airlines?|FC|United|Street)\b/.test(
        text.slice(candidate.end),
      )
    )
      continue;
    const tags = candidate.tags;
    const confirmed =
      mode === 'aggressive' ||
      tags.has('Address') ||
      ((tags.has('City') || tags.has('Country') || tags.has('Region')) &&
        PLACE_CUES_BEFORE.test(before(text, candidate.start, 20))) ||
      (tags.has('City') && /^,\s*[A-Z]/.test(text.slice(candidate.end, candidate.end + 3)));
    if (confirmed) found.push({ entity: 'LOCATION', start: candidate.start, end: candidate.end });
  }
  if (mode === 'aggressive') {
    // Capitalised words after a locative preposition: "we met in Springfield".
    const AFTER_PREPOSITION = new RegExp(`\\b(?:in|at|from|near|to)\\s+(${NAME}(?:\\s+${NAME})?)`, 'g');
    found.push(...matchSpans(text, AFTER_PREPOSITION, 'LOCATION', () => true, 1));
  }
  return found;
}

interface Candidate {
  start: number;
  end: number;
  words: number;
  tags: Set<string>;
}

/** The NER's matches of one kind with their character spans (trailing punctuation trimmed) and tags. */
function entities(text: string, kind: 'people' | 'places' | 'organizations'): Candidate[] {
  const document = parsed(text);
  const view =
    kind === 'people' ? document.people() : kind === 'places' ? document.places() : document.organizations();
  const matches = view.json({ offset: true, terms: { offset: true } }) as {
    offset: { start: number; length: number };
    terms: { tags: string[] }[];
  }[];
  return matches.map((match) => {
    let end = match.offset.start + match.offset.length;
    while (end > match.offset.start && /[\s,.;:!?)'"’]/.test(text[end - 1] ?? '')) end--;
    return {
      start: match.offset.start,
      end,
      words: match.terms.length,
      tags: new Set(match.terms.flatMap((term) => term.tags)),
    };
  });
}

/**
 * compromise is loaded on first use, not with the module: importing it costs every process (and
 * each content worker thread) about 0.4 s at start, and only redactPII's NER needs it. Its
 * one-file CJS build, which `require` gets, also loads faster than its ESM build of 400 files.
 */
let nlp: typeof Nlp | undefined;

/** People and places are looked up in the same text one after the other: parse it once. */
let lastParsed: { text: string; document: ReturnType<typeof Nlp> } | undefined;
function parsed(text: string): ReturnType<typeof Nlp> {
  nlp ??= createRequire(import.meta.url)('compromise') as typeof Nlp;
  if (lastParsed?.text !== text) lastParsed = { text, document: nlp(text) };
  return lastParsed.document;
}
