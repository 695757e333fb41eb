export const PII_ENTITIES = ['PERSON', 'EMAIL', 'PHONE', 'LOCATION', 'FINANCIAL', 'SECRET'] as const;
export type PiiEntity = (typeof PII_ENTITIES)[number];

/** `fast`: patterns and validators; `accurate`: plus a local NER confirmed by context; `aggressive`: plus recall heuristics. */
export type RedactionMode = 'fast' | 'accurate' | 'aggressive';
/** `tag`: `<EMAIL>`; `mask`: one `*` per character; `remove`: nothing. */
export type ReplaceStyle = 'tag' | 'mask' | 'remove';

export interface RedactionOptions {
  entities: readonly PiiEntity[];
  mode: RedactionMode;
  replaceStyle: ReplaceStyle;
}

/** A span of the text that holds personal or secret data: [start, end) in UTF-16 units. */
export interface Finding {
  entity: PiiEntity;
  start: number;
  end: number;
}

/** A detector finds spans of its entities in a text, at the mode's precision/recall trade-off. */
export type Detector = (text: string, mode: RedactionMode) => Finding[];
