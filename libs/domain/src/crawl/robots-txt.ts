/**
 * robots.txt as RFC 9309 defines it: groups of user-agent lines with allow/disallow rules; the
 * longest matching rule wins, allow wins a tie; `*` matches any run of characters and a final `$`
 * anchors the end. `Sitemap:` lines belong to no group.
 */
export interface RobotsRule {
  allow: boolean;
  pattern: string;
}

export interface RobotsTxt {
  groups: { agents: string[]; rules: RobotsRule[] }[];
  sitemaps: string[];
}

export function parseRobotsTxt(text: string): RobotsTxt {
  const groups: RobotsTxt['groups'] = [];
  const sitemaps: string[] = [];
  let current: RobotsTxt['groups'][number] | undefined;
  let collectingAgents = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!collectingAgents || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      collectingAgents = true;
    } else if (field === 'allow' || field === 'disallow') {
      collectingAgents = false;
      // An empty disallow allows everything: no rule at all.
      if (current && value !== '') current.rules.push({ allow: field === 'allow', pattern: value });
    } else if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else {
      collectingAgents = false;
    }
  }
  return { groups, sitemaps };
}

/**
 * Whether `userAgent` may fetch `url`. The group whose agent token is the longest one contained in
 * the user agent applies (every group with that token, merged); else the `*` group; else all is allowed.
 */
export function isAllowedByRobots(robots: RobotsTxt, url: string, userAgent: string): boolean {
  const { pathname, search } = new URL(url);
  const target = safeDecode(pathname) + search;
  if (target === '/robots.txt') return true;
  const agent = userAgent.toLowerCase();
  let bestToken = '';
  for (const group of robots.groups) {
    for (const token of group.agents) {
      if (token !== '*' && agent.includes(token) && token.length > bestToken.length) bestToken = token;
    }
  }
  const token = bestToken || '*';
  const rules = robots.groups.filter((group) => group.agents.includes(token)).flatMap((group) => group.rules);
  let best: RobotsRule | undefined;
  let bestLength = -1;
  for (const rule of rules) {
    if (!matches(rule.pattern, target)) continue;
    const length = rule.pattern.length;
    if (length > bestLength || (length === bestLength && rule.allow)) {
      best = rule;
      bestLength = length;
    }
  }
  return best?.allow ?? true;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = safeDecode(anchored ? pattern.slice(0, -1) : pattern);
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${regex}${anchored ? '$' : ''}`).test(path);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
