/** Labelled question/answer pairs over fixture-style articles: `answer` is the short gold span; null = the page does not say. */
export interface LabelledArticle {
  name: string;
  html: string;
  questions: { question: string; answer: string | null }[];
}

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><header><nav><a href="/">Home</a></nav></header>` +
  `<main><article><h1>${title}</h1>${paragraphs.map((p) => (p.startsWith('#') ? `<h2>${p.slice(1)}</h2>` : `<p>${p}</p>`)).join('')}</article></main>` +
  '<footer>© Example</footer></body></html>';

export const ARTICLES: LabelledArticle[] = [
  {
    name: 'orchard',
    html: page('The Orchard at Hollow Lane', [
      'The orchard at Hollow Lane was planted in 1923 by the Pascoe family. It covers eleven acres on a south-facing slope above the river Fal.',
      'Today it holds 340 trees of 42 apple varieties. The oldest tree is a Cornish Gilliflower that still crops every other year.',
      '#Harvest',
      'Picking starts in the second week of September and ends in late October. Volunteers gather about 18 tonnes of fruit in a good year.',
      'Most of the crop is pressed into cider at the barn on the estate. The rest is sold at the farm shop on Saturdays.',
      '#Wildlife',
      'Barn owls nest in the old granary at the north end. A survey in 2024 counted 27 species of bees in the orchard.',
      'The grass between the rows is cut only twice a year, in July and November, to let wildflowers seed.',
      '#Visiting',
      'The orchard opens to the public on the first Sunday of each month. Entry is free, but dogs must be kept on a lead.',
      'The nearest station is Truro, about 6 miles away. Guided walks are led by the head gardener, Ruth Pascoe.',
    ]),
    questions: [
      { question: 'When was the orchard planted?', answer: '1923' },
      { question: 'Who planted the orchard?', answer: 'the Pascoe family' },
      { question: 'How many acres does the orchard cover?', answer: 'eleven acres' },
      { question: 'How many trees does the orchard hold?', answer: '340 trees' },
      { question: 'How many apple varieties grow there?', answer: '42' },
      { question: 'What is the oldest tree?', answer: 'a Cornish Gilliflower' },
      { question: 'When does picking start?', answer: 'the second week of September' },
      { question: 'How much fruit do volunteers gather in a good year?', answer: 'about 18 tonnes' },
      { question: 'Where is most of the crop pressed into cider?', answer: 'at the barn on the estate' },
      { question: 'Where do barn owls nest?', answer: 'in the old granary' },
      { question: 'How many species of bees did the 2024 survey count?', answer: '27 species' },
      { question: 'When is the grass cut?', answer: 'in July and November' },
      { question: 'When does the orchard open to the public?', answer: 'the first Sunday of each month' },
      { question: 'What is the nearest station?', answer: 'Truro' },
      { question: 'Who leads the guided walks?', answer: 'Ruth Pascoe' },
      { question: 'How much does the cider cost per bottle?', answer: null },
      { question: 'Which pesticide is sprayed on the trees?', answer: null },
    ],
  },
  {
    name: 'night-trains',
    html: page('Night Trains of Central Europe', [
      'The Nightjet network is run by the Austrian railway company ÖBB. It relaunched in December 2016 after Deutsche Bahn withdrew its sleeper trains.',
      'The network now links Vienna with cities such as Hamburg, Amsterdam, Brussels, Paris and Rome.',
      '#Rolling stock',
      'New Nightjet trains were built by Siemens Mobility and entered service in 2023. Each new train has seven carriages and carries up to 254 passengers.',
      'The new sleeper cars offer mini cabins, a capsule design for solo travellers.',
      '#Tickets',
      'A seat in a couchette shares a compartment of six berths. Breakfast is included in the price of sleeper and couchette tickets.',
      'Tickets go on sale 180 days before departure. Children under six travel free if they share a berth.',
      '#Timings',
      'The Vienna to Hamburg train leaves at 19:57 and arrives at 09:16. The journey from Vienna to Paris takes about 14 hours.',
      'Trains to Rome run over the Brenner Pass, where the line climbs to 1,371 metres.',
    ]),
    questions: [
      { question: 'Who runs the Nightjet network?', answer: 'ÖBB' },
      { question: 'When did Nightjet relaunch?', answer: 'December 2016' },
      { question: 'Who built the new Nightjet trains?', answer: 'Siemens Mobility' },
      { question: 'When did the new trains enter service?', answer: '2023' },
      { question: 'How many carriages does each new train have?', answer: 'seven carriages' },
      { question: 'How many passengers does a new train carry?', answer: 'up to 254 passengers' },
      { question: 'How many berths does a couchette compartment have?', answer: 'six berths' },
      { question: 'Is breakfast included in the price?', answer: 'Breakfast is included' },
      { question: 'How many days before departure do tickets go on sale?', answer: '180 days' },
      { question: 'When does the Vienna to Hamburg train leave?', answer: '19:57' },
      { question: 'How long does the journey from Vienna to Paris take?', answer: 'about 14 hours' },
      { question: 'How high does the line over the Brenner Pass climb?', answer: '1,371 metres' },
      { question: 'Who withdrew its sleeper trains?', answer: 'Deutsche Bahn' },
      { question: 'Is there wifi on board?', answer: null },
      { question: 'How many Nightjet trains run to Madrid?', answer: null },
    ],
  },
  {
    name: 'lighthouse',
    html: '',
    questions: [
      { question: 'When was the lighthouse built?', answer: '1871' },
      { question: 'Who built the lighthouse?', answer: 'Thomas Albery' },
      { question: 'How tall is the lighthouse?', answer: '34 metres' },
      { question: 'What did the first lamp burn?', answer: 'whale oil' },
      { question: 'Who was the last head keeper?', answer: 'Agnes Porthleven' },
      { question: 'Where are the logbooks kept?', answer: 'at the county museum in Truro' },
      { question: 'When was the light automated?', answer: '1958' },
      { question: 'When was the light converted to electricity?', answer: '1962' },
      { question: 'What is the range of the LED lantern?', answer: '24 nautical miles' },
      { question: 'How many steps does the climb have?', answer: '142 steps' },
      { question: 'How much do tickets cost for children?', answer: '£3' },
      { question: 'Who designed the lighthouse lens?', answer: null },
    ],
  },
];
