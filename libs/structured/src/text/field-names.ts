/** Words that name the same field on real pages (schema.org names included). */
const SYNONYMS: string[][] = [
  ['title', 'name', 'headline', 'heading'],
  ['description', 'summary', 'about', 'overview', 'abstract', 'excerpt', 'teaser', 'blurb'],
  ['price', 'cost', 'amount', 'pricing', 'lowprice'],
  ['image', 'photo', 'picture', 'thumbnail', 'img'],
  ['author', 'writer', 'by', 'creator'],
  [
    'date',
    'published',
    'datepublished',
    'publishdate',
    'publisheddate',
    'publicationdate',
    'pubdate',
    // OpenGraph's `article:published_time`, and the `…_at` columns of an API.
    'publishedtime',
    'publishedat',
    'posted',
    'dateposted',
    'postedat',
    'created',
    'datecreated',
  ],
  ['content', 'text', 'body', 'articlebody'],
  // A thread's posts, as schema.org types them (a DiscussionForumPosting, its Comments).
  ['post', 'posting', 'comment', 'reply', 'replie'],
  ['url', 'link', 'href', 'website'],
  ['brand', 'manufacturer', 'maker'],
  ['sku', 'productid', 'itemnumber', 'partnumber', 'mpn'],
  ['rating', 'ratingvalue', 'stars', 'score'],
  ['phone', 'telephone', 'tel'],
  ['email', 'mail'],
  ['location', 'address', 'place', 'city'],
  ['company', 'organization', 'organisation', 'employer', 'hiringorganization'],
  ['salary', 'pay', 'compensation', 'basesalary'],
  ['availability', 'stock', 'instock'],
  ['currency', 'pricecurrency'],
  ['category', 'type', 'kind', 'genre'],
  ['weight', 'mass'],
  // An article's `keywords` (schema.org, `<meta name=keywords>`) and its `rel=tag` links.
  ['tag', 'keyword', 'topic'],
  // A job posting's sections, as postings head them ("What you'll do", "What we're looking for").
  ['responsibilitie', 'dutie', 'whatyoulldo', 'whatyouwilldo', 'yourrole'],
  [
    'requirement',
    'qualification',
    'skill',
    'whatwerelookingfor',
    'whatyoullneed',
    'whatyouneed',
    'aboutyou',
    'whoyouare',
  ],
  ['benefit', 'perk', 'whatweoffer'],
  // schema.org's employmentType, as postings label it ("Job type: Full-time").
  ['employmenttype', 'jobtype', 'contracttype', 'positiontype', 'worktype', 'employment'],
];

const GROUP_OF = new Map<string, number>();
SYNONYMS.forEach((group, index) => {
  for (const word of group) GROUP_OF.set(word, index);
});

/** The words that name the same field as `word` (itself included). */
export function synonymsOf(word: string): string[] {
  const group = GROUP_OF.get(word);
  return group === undefined ? [word] : SYNONYMS[group];
}

/** `datePublished`, `date_published`, "Date published:" → ['date', 'published']. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

/** A field that names its thing: its last word is a name (`name`, `title`, `product_name`, `item_title`). */
export function isNameField(field: string): boolean {
  return wordMatch(nameTokens(field).at(-1) ?? '', 'name') >= 0.8;
}

/**
 * How well a label on the page names a requested field, 0..1: the same words score 1, synonyms
 * 0.9, partial overlaps by the share of the field's words found. The unit or the span of time a
 * label gives its value in is not part of its name: "Price per kg", "Weight (g)", "Price in EUR" and
 * "Visits so far" name a price, a weight and visits.
 */
export function nameMatch(field: string, label: string): number {
  const bare = label.replace(UNIT, '');
  const match = wordMatch(field, label);
  return bare === label || bare.trim() === '' ? match : Math.max(match, wordMatch(field, bare));
}

/** A label's trailing unit or span: `(kg)`, `per night`, `in €` / `in USD`, `so far`, `this month`. */
const UNIT =
  /\s*(?:\([^()]*\)|\bper\s+\S+|\bin\s+(?:[€$£¥]|[A-Z]{3}\b)|\b(?:so far|to date|in total|today|this (?:week|month|year)))\s*:?\s*$/i;

function wordMatch(field: string, label: string): number {
  const wanted = nameTokens(field);
  const found = nameTokens(label);
  if (wanted.length === 0 || found.length === 0) return 0;
  if (wanted.join('') === found.join('')) return 1;
  const joinedWanted = wanted.join('');
  const joinedFound = found.join('');
  const wantedGroup = GROUP_OF.get(joinedWanted);
  if (wantedGroup !== undefined && wantedGroup === GROUP_OF.get(joinedFound)) return 0.9;
  const same = (a: string, b: string) =>
    a === b || (GROUP_OF.get(a) !== undefined && GROUP_OF.get(a) === GROUP_OF.get(b));
  const covered = wanted.filter((word) => found.some((other) => same(word, other))).length;
  if (covered === 0) return 0;
  // Extra words on the label weaken the match ("shipping price" is not "price").
  return (0.8 * covered) / Math.max(wanted.length, found.length);
}
