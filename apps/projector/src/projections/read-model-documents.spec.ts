import { mapDocuments, matchesSubjectFilter } from './read-model-documents.js';

describe('read model documents', () => {
  it('matches keys like NATS subjects: * is one token, a final > one or more', () => {
    expect(matchesSubjectFilter('t.m.c', 't.m.*')).toBe(true);
    expect(matchesSubjectFilter('t.m', 't.m.*')).toBe(false);
    expect(matchesSubjectFilter('t.m.c.d', 't.m.*')).toBe(false);
    expect(matchesSubjectFilter('t.m.c.d', 't.m.>')).toBe(true);
    expect(matchesSubjectFilter('t.m', 't.m.>')).toBe(false);
    expect(matchesSubjectFilter('t.other.c', 't.m.>')).toBe(false);
    expect(matchesSubjectFilter('key', 'key')).toBe(true);
  });

  it('lists a snapshot of the keys, so removing while listing is safe', async () => {
    const model = new Map([
      ['c1.p1', '1'],
      ['c1.p2', '2'],
      ['c2.p1', '3'],
    ]);
    const documents = mapDocuments(model);
    for await (const key of documents.keys('c1.>')) await documents.remove(key);
    expect([...model.keys()]).toEqual(['c2.p1']);
    expect(await documents.get('c2.p1')).toBe('3');
  });
});
