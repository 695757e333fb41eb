/**
 * The deterministic planner of interact's prompt mode, used when no model is configured: it
 * understands direct imperative prompts ("click the 'Show history' button, then extract the
 * text of the depot list") and questions about the page ("what does the yearly plan cost?"),
 * and nothing else. A clause it cannot read makes the whole prompt unreadable, named, so
 * nothing half-understood runs.
 */
export type PromptStep =
  | { kind: 'click'; target: Target }
  | { kind: 'type'; text: string; target?: Target }
  | { kind: 'press'; key: string }
  | { kind: 'scroll'; direction: 'up' | 'down'; target?: Target }
  | { kind: 'goto'; url: string }
  | { kind: 'wait'; milliseconds: number }
  | { kind: 'waitFor'; target: Target }
  | { kind: 'extract'; target?: Target }
  | { kind: 'answer'; question: string };

/** Kinds of element a prompt may point at without a name ("click the button"), as the runner finds them. */
export type ElementKind = 'button' | 'link' | 'tab' | 'checkbox' | 'radio' | 'option' | 'menuitem' | 'field';

/**
 * What a step acts on: an element by its name, or by its kind alone: `only` the one there is
 * ("the button"), else the nth visible one from 0 or the last ("the second link", "the last tab").
 */
export type Target = string | { element: ElementKind; nth: number | 'only' | 'last' };

export type PromptPlan = { steps: PromptStep[] } | { unreadable: string };

/** Keys `press` accepts by name (Playwright key names, matched case-insensitively). */
const KEYS = [
  'Enter',
  'Tab',
  'Escape',
  'Backspace',
  'Delete',
  'Space',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
];
const KEY_ALIASES: Record<string, string> = {
  return: 'Enter',
  esc: 'Escape',
  'up arrow': 'ArrowUp',
  'down arrow': 'ArrowDown',
  'left arrow': 'ArrowLeft',
  'right arrow': 'ArrowRight',
  'page up': 'PageUp',
  'page down': 'PageDown',
  spacebar: 'Space',
};

/** Clause separators: "then", ";", a sentence end, or ", and" / " and " before a known verb. */
const VERBS =
  'click|tap|press|hit|select|choose|type|enter|write|fill|input|scroll|go|open|navigate|visit|wait|extract|get|read|return|copy|tell';
const SEPARATOR = new RegExp(
  `\\s*(?:[;\\n]|\\.\\s+|,?\\s+(?:and\\s+)?then\\s+|,\\s*(?:and\\s+)?(?=(?:${VERBS})\\b)|\\s+and\\s+(?=(?:${VERBS})\\b))\\s*`,
  'i',
);

/** `"Show history"`, `'Show history'`, `“Show history”` or bare words, without a leading "the". */
function phrase(text: string): string {
  const quoted = /^["'“‘`](.+)["'”’`]$/.exec(text.trim());
  if (quoted) return quoted[1] as string;
  return text
    .trim()
    .replace(/^(?:on|at)\s+/i, '')
    .replace(/^(?:the|a|an)\s+/i, '')
    .trim();
}

const KIND_WORDS: Record<string, ElementKind> = {
  button: 'button',
  link: 'link',
  tab: 'tab',
  checkbox: 'checkbox',
  'check box': 'checkbox',
  radio: 'radio',
  'radio button': 'radio',
  option: 'option',
  'menu item': 'menuitem',
  field: 'field',
  'text field': 'field',
  'input field': 'field',
  input: 'field',
  'text box': 'field',
  textbox: 'field',
};
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
const KIND_ALONE = new RegExp(
  `^(?:the\\s+)?(?:(only|last|${ORDINALS.join('|')}|\\d+(?:st|nd|rd|th))\\s+)?(${Object.keys(KIND_WORDS).join('|')})$`,
  'i',
);

/** "the button", "the second link": a kind with no name, or undefined when the words name something. */
function kindAlone(text: string): Target | undefined {
  const match = KIND_ALONE.exec(text.trim().replace(/\s+/g, ' '));
  if (!match) return undefined;
  const [, ordinal = 'only', kind] = match;
  const element = KIND_WORDS[(kind as string).toLowerCase()] as ElementKind;
  const word = ordinal.toLowerCase();
  if (word === 'only' || word === 'last') return { element, nth: word };
  const nth = ORDINALS.includes(word) ? ORDINALS.indexOf(word) : Number.parseInt(word, 10) - 1;
  return nth >= 0 ? { element, nth } : undefined;
}

/**
 * "the Search button" → "Search": the kind of control is a hint for people, not part of its name;
 * a kind alone ("the button") is the target itself.
 */
function target(text: string): Target {
  const raw = text.trim();
  if (/^["'“‘`].+["'”’`]$/.test(raw)) return phrase(raw);
  const kind = kindAlone(raw);
  if (kind) return kind;
  const withoutKind = phrase(raw).replace(
    /\s+(?:button|link|tab|checkbox|radio(?: button)?|option|menu item|field|box|input|text ?box|text ?area|area|element|section|heading|item)$/i,
    '',
  );
  return phrase(withoutKind);
}

function keyOf(text: string): string | undefined {
  const name = phrase(text)
    .replace(/\s+key$/i, '')
    .trim();
  const alias = KEY_ALIASES[name.toLowerCase()];
  if (alias) return alias;
  return KEYS.find((key) => key.toLowerCase() === name.toLowerCase().replace(/\s+/g, ''));
}

type Rule = [RegExp, (match: RegExpExecArray) => PromptStep | undefined];

const isTop = (where: string) => /^(?:the\s+)?(?:top|start|beginning)(?:\s+of the page)?$/i.test(where);
const isBottom = (where: string) => /^(?:the\s+)?(?:bottom|end)(?:\s+of the page)?$/i.test(where);

/** One pattern per kind of instruction, tried in order; `undefined` means "looked like it, but is not". */
const RULES: Rule[] = [
  [
    /^(?:press|hit)\s+(.+)$/i,
    ([, what]) => {
      const key = keyOf(what as string);
      return key ? { kind: 'press', key } : { kind: 'click', target: target(what as string) };
    },
  ],
  [
    /^(?:click|tap|select|choose)(?:\s+on)?\s+(.+)$/i,
    ([, what]) => ({ kind: 'click', target: target(what as string) }),
  ],
  [
    /^fill(?:\s+in|\s+out)?\s+(.+?)\s+with\s+(.+)$/i,
    ([, field, text]) => ({ kind: 'type', target: target(field as string), text: phrase(text as string) }),
  ],
  [
    /^(?:type|enter|write|input)\s+(.+?)(?:\s+(?:into|in|on)\s+(.+))?$/i,
    ([, text, field]) => ({
      kind: 'type',
      text: phrase(text as string),
      ...(field ? { target: target(field) } : {}),
    }),
  ],
  [
    /^scroll(?:\s+(up|down))?(?:\s+(?:to|until)\s+(.+))?$/i,
    ([, direction, where]) => {
      if (where && isTop(where)) return { kind: 'scroll', direction: 'up' };
      if (where && isBottom(where)) return { kind: 'scroll', direction: 'down' };
      const towards = (direction?.toLowerCase() ?? 'down') as 'up' | 'down';
      return { kind: 'scroll', direction: towards, ...(where ? { target: target(where) } : {}) };
    },
  ],
  [
    /^(?:go\s+to|open|navigate\s+to|visit)\s+(\S+)$/i,
    ([, url]) =>
      /^https?:\/\//i.test(phrase(url as string)) ? { kind: 'goto', url: phrase(url as string) } : undefined,
  ],
  [
    /^wait(?:\s+for)?\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?)$/i,
    ([, amount, unit]) => ({
      kind: 'wait',
      milliseconds: Number(amount) * (/^m/i.test(unit as string) ? 1 : 1000),
    }),
  ],
  [
    /^wait\s+(?:for|until)\s+(.+?)(?:\s+(?:to\s+)?(?:appears?|shows?(?: up)?|is visible|loads?))?$/i,
    ([, what]) => ({ kind: 'waitFor', target: target(what as string) }),
  ],
  [
    /^(?:extract|get|read|return|copy|tell\s+me)\s+(?:all\s+)?(?:the\s+)?(?:(?:whole|entire)\s+)?(?:page\s+|visible\s+)?text(?:\s+(?:of|in|from|under)\s+(.+))?$/i,
    ([, where]) =>
      !where || /^(?:the\s+)?(?:(?:whole|entire)\s+)?page$/i.test(where.trim())
        ? { kind: 'extract' }
        : { kind: 'extract', target: target(where) },
  ],
];

/** "twice", "3 times", "five times": how often a click, a key or a scroll is repeated. */
const REPEATED = /\s+(?:(twice|thrice)|(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+times)$/i;
const COUNT_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** More repeats than this is a loop, not an instruction: the clause is left unread. */
const MAX_REPEATS = 20;

function timesOf(word: string | undefined, count: string | undefined): number {
  if (word) return word.toLowerCase() === 'twice' ? 2 : 3;
  const index = COUNT_WORDS.indexOf((count as string).toLowerCase());
  return index >= 0 ? index + 2 : Number.parseInt(count as string, 10);
}

/** A question about the page: it ends with a question mark, or opens with a question word. */
const QUESTION =
  /^(?:(?:who|what|when|where|why|which|how|is|are|was|were|does|do|did|can|could|will|has|have)\b.*|.+\?)$/i;
/** "Can you click Next?" asks for a step, not about the page. */
const POLITE_REQUEST = /^(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(.+?)\s*\??$/i;

/** A clause's steps: one, one repeated ("click Load more twice"), or a question to answer. */
function clauseSteps(clause: string): PromptStep[] | undefined {
  const written = clause.trim();
  const request = POLITE_REQUEST.exec(written)?.[1];
  if (!request && QUESTION.test(written)) return [{ kind: 'answer', question: written }];
  let text = (request ?? written).replace(/[.!]+$/, '').replace(/^(?:please|now|next|first|finally)\s+/i, '');
  const repeated = REPEATED.exec(text);
  const times = repeated ? timesOf(repeated[1], repeated[2]) : 1;
  if (repeated) text = text.slice(0, repeated.index);
  for (const [pattern, step] of RULES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const one = step(match);
    if (!one) return undefined;
    if (times === 1) return [one];
    const repeatable = one.kind === 'click' || one.kind === 'press' || one.kind === 'scroll';
    return repeatable && times >= 1 && times <= MAX_REPEATS ? new Array(times).fill(one) : undefined;
  }
  return undefined;
}

/** Pure: the steps of a direct imperative prompt, or the clause that cannot be read. */
export function planImperativePrompt(prompt: string): PromptPlan {
  const clauses = prompt
    .split(SEPARATOR)
    .map((clause) => clause?.trim())
    .filter((clause): clause is string => Boolean(clause));
  const steps: PromptStep[] = [];
  for (const clause of clauses) {
    const planned = clauseSteps(clause);
    if (!planned) return { unreadable: clause };
    steps.push(...planned);
  }
  return steps.length > 0 ? { steps } : { unreadable: prompt };
}
