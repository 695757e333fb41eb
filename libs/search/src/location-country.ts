const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

let regions: { byName: Map<string, string>; codes: Set<string> } | undefined;

/** Every region ICU names in English: its code by lower-cased name (`united states` → `US`). */
function knownRegions() {
  if (regions) return regions;
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  regions = { byName: new Map(), codes: new Set() };
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = names.of(code);
      if (!name || name === 'Unknown Region') continue;
      regions.byName.set(name.toLowerCase(), code);
      regions.codes.add(code);
    }
  }
  return regions;
}

/**
 * The country a search `location` names, read from its last part as the reference service writes
 * them (`San Francisco,California,United States` → `US`; a two-letter code works too); undefined
 * when that part names no country.
 */
export function countryOfLocation(location: string): string | undefined {
  const last = location.split(',').at(-1)?.trim() ?? '';
  const { byName, codes } = knownRegions();
  if (/^[A-Za-z]{2}$/.test(last)) return codes.has(last.toUpperCase()) ? last.toUpperCase() : undefined;
  return byName.get(last.toLowerCase());
}
