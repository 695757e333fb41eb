/**
 * Labelled snippets for measuring the detectors: `[[ENTITY:text]]` marks what must be redacted;
 * everything else must stay. Written for this project (no real people's data): names, numbers
 * and keys are invented; card numbers and IBANs are the public test numbers with valid checksums.
 * Negatives carry look-alikes: dates, versions, prices, hashes, organisations, product names.
 */
export const LABELLED_SNIPPETS: string[] = [
  // EMAIL
  'Write to [[EMAIL:ada.lovelace@example.org]] for the minutes.',
  'Press enquiries: [[EMAIL:press+2026@harbour-news.co.uk]]',
  'Questions? Mail [[EMAIL:support@trawl.dev]] or open an issue.',
  'Contact: [[EMAIL:j.doe_99@mail.example.com]].',
  'Reach me at [[EMAIL:ada [at] example [dot] org]] if the form fails.',
  'The package is published as @acme/parser@2.1.0 on the registry.',
  'Use the git@github.com:acme/tools.git remote for pushes.',
  // PHONE
  'Call us on [[PHONE:+44 20 7946 0958]] between nine and five.',
  'Office: [[PHONE:(415) 555-0132]], fax [[PHONE:415-555-0199]].',
  'Phone: [[PHONE:020 7946 0958]]',
  'Mobile [[PHONE:+49 151 23456789]] (WhatsApp too).',
  'Tel. [[PHONE:06 12 34 56 78]]',
  'Support hotline: [[PHONE:+1 800 555 0100]]',
  'The meeting is on 2026-11-23 at 14:30 in room 4.',
  'Version 10.2.3 fixed the crash reported in 2024.',
  'The bridge is 1 250 000 tonnes of steel and 2,400 m long.',
  'Server 192.168.10.24 answered in 35 ms.',
  'ISBN 978-0-306-40615-7 is the first edition.',
  // FINANCIAL
  'Card: [[FINANCIAL:4111 1111 1111 1111]], expiry 12/29.',
  'Pay with [[FINANCIAL:5555-5555-5555-4444]] or by transfer.',
  'Amex [[FINANCIAL:378282246310005]] was declined.',
  'IBAN: [[FINANCIAL:DE89 3704 0044 0532 0130 00]]',
  'Transfer to [[FINANCIAL:GB29NWBK60161331926819]] by Friday.',
  'Account number: [[FINANCIAL:12345678]], sort code [[FINANCIAL:20-00-00]].',
  'Order 4111 1111 1111 1112 was shipped (not a valid card).',
  'The invoice total is $1,234.56, due 2026-12-01.',
  'Tracking number 1Z999AA10123456784 arrives Monday.',
  'DE89 is the prefix we saw in the logs, not a full IBAN.',
  // SECRET
  'export AWS_ACCESS_KEY_ID=[[SECRET:AKIAIOSFODNN7EXAMPLE]]',
  'The token [[SECRET:ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789]] leaked in the log.',
  'Set STRIPE_KEY to [[SECRET:sk_live_4eC39HqLyjWDarjtT1zdp7dc]].',
  'api_key = "[[SECRET:q8X2vL0pR7mN4tZ1yB6cW3eH]]"',
  'Connect with postgres://admin:[[SECRET:s3cr3tPass!]]@db.internal:5432/app',
  'Authorization: Bearer [[SECRET:eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U]]',
  'password: [[SECRET:hunter2hunter2]]',
  '[[SECRET:-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq98s\n-----END RSA PRIVATE KEY-----]]',
  'Slack webhook token [[SECRET:xoxb-1234567890-abcdefghijkl]] rotated.',
  'The session secret is [[SECRET:Zk4Pq9Lm2Xv7Rt1Ws8Yb3Nc6]] for staging.',
  'Commit 3f2c1a9 fixed the parser; see release v2.4.1.',
  'The request id was 550e8400-e29b-41d4-a716-446655440000.',
  'Read the guide at https://docs.example.org/getting-started/install-on-debian.',
  'Use the flag --max-old-space-size=4096 for large builds.',
  // PERSON
  '[[PERSON:Dr. Jane Smith]] presented the results.',
  'Minutes taken by [[PERSON:Ada Lovelace]] and approved by [[PERSON:Charles Babbage]].',
  '"The tide came early," said [[PERSON:Maria Gonzalez]].',
  'Dear [[PERSON:Mr. Brown]], thank you for your order.',
  'Name: [[PERSON:Oliver Twist]]',
  '[[PERSON:John Doe]] was the first to sign.',
  'Our CEO [[PERSON:Priya Raman]] will open the conference.',
  'Apple released a new iPhone, and Microsoft answered with Windows.',
  'The Victorian era ended in 1901.',
  'Amazon Web Services hosts the archive.',
  // LOCATION
  'Ship it to [[LOCATION:742 Evergreen Terrace, Springfield, OR 97403]].',
  'Our office is at [[LOCATION:221B Baker Street]], London [[LOCATION:NW1 6XE]].',
  'She was born in [[LOCATION:Lisbon]] and moved to [[LOCATION:Berlin]].',
  'Visit us: [[LOCATION:Hauptstraße 12, 10115 Berlin]]',
  'The team is based in [[LOCATION:Nairobi]].',
  'The Washington Post covered the launch.',
  'We met in [[LOCATION:Paris]], [[LOCATION:France]] last spring.',
  'He lives at [[LOCATION:10 Downing Street]].',
  // Written after the detectors were tuned on the snippets above (a small held-out check).
  'Ping [[PERSON:Tomasz Kowalski]] on [[PHONE:+48 601 234 567]] about the invoice.',
  'Her address: [[LOCATION:55 Rue de Rivoli]], [[LOCATION:Paris]].',
  'The report by [[PERSON:Sarah O’Connor]] is attached.',
  'Send the cheque to [[LOCATION:1600 Pennsylvania Avenue NW, Washington, DC 20500]].',
  'Reach the desk at [[EMAIL:desk@newsroom.example.net]] or [[PHONE:+1 (212) 555-0147]].',
  'My card [[FINANCIAL:6011 1111 1111 1117]] expires soon.',
  'FR IBAN [[FINANCIAL:FR14 2004 1010 0505 0001 3M02 606]] for rent.',
  'aws_secret_access_key = [[SECRET:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY]]',
  'Jordan scored twice for the visitors in the second half.',
  'Georgia Institute of Technology announced the award.',
  'Prices start at 19.99 EUR and shipping takes 3-5 days.',
  'Build 20261123.4 is live in eu-west-1.',
  // Mixed
  '[[PERSON:Ada Lovelace]] ([[EMAIL:ada@example.org]], [[PHONE:+44 20 7946 0000]]) lives in [[LOCATION:London]].',
  'Refund to [[FINANCIAL:4012 8888 8888 1881]]; confirmation sent to [[EMAIL:billing@shop.example]].',
  'Deploy with token [[SECRET:glpat-AbCdEfGhIjKlMnOpQrSt]] from [[LOCATION:Dublin]].',
];

export interface LabelledSnippet {
  text: string;
  expected: { entity: string; start: number; end: number }[];
}

/** `[[ENTITY:value]]` markers → the plain text and the expected spans. */
export function parseSnippet(marked: string): LabelledSnippet {
  const expected: LabelledSnippet['expected'] = [];
  let text = '';
  let rest = marked;
  for (;;) {
    const match = /\[\[([A-Z]+):([\s\S]*?)\]\]/.exec(rest);
    if (!match) break;
    text += rest.slice(0, match.index);
    expected.push({ entity: match[1], start: text.length, end: text.length + match[2].length });
    text += match[2];
    rest = rest.slice(match.index + match[0].length);
  }
  return { text: text + rest, expected };
}
