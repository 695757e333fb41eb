import { TeamTurns } from './team-turns.js';

/** Work that runs until the test ends it, recording when it started. */
function gatedWork(started: string[]) {
  const gates = new Map<string, () => void>();
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      gates.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    gates.get(name)?.();
    // Let the freed slot's next piece of work start before the test looks.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { work, finish };
}

describe('TeamTurns', () => {
  it('runs no more than its slots at once', async () => {
    const turns = new TeamTurns(2);
    const started: string[] = [];
    const { work, finish } = gatedWork(started);
    const runs = ['a1', 'a2', 'a3'].map((name) => turns.run('a', work(name)));
    await finish('none');
    expect(started).toEqual(['a1', 'a2']);
    expect(turns.queued).toBe(1);
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'a3']);
    await finish('a2');
    await finish('a3');
    await expect(Promise.all(runs)).resolves.toEqual(['a1', 'a2', 'a3']);
    expect(turns.queued).toBe(0);
  });

  it("gives a freed slot to the next team waiting, not to the busy team's queue", async () => {
    const turns = new TeamTurns(2);
    const started: string[] = [];
    const { work, finish } = gatedWork(started);
    // Team a queues a big check's pages before b and c queue one page each.
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) void turns.run('a', work(name));
    void turns.run('b', work('b1'));
    void turns.run('c', work('c1'));
    await finish('none');
    expect(started).toEqual(['a1', 'a2']);
    await finish('a1');
    await finish('a2');
    await finish('a3');
    await finish('b1');
    // a, b, c in turn, then a alone again.
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'a4']);
    await finish('c1');
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'a4', 'a5']);
  });

  it("keeps a team's work in the order it was queued", async () => {
    const turns = new TeamTurns(1);
    const started: string[] = [];
    const { work, finish } = gatedWork(started);
    for (const name of ['first-check-1', 'first-check-2', 'second-check-1']) void turns.run('a', work(name));
    await finish('none');
    await finish('first-check-1');
    await finish('first-check-2');
    expect(started).toEqual(['first-check-1', 'first-check-2', 'second-check-1']);
  });

  it('frees the slot when the work fails', async () => {
    const turns = new TeamTurns(1);
    await expect(turns.run('a', () => Promise.reject(new Error('page failed')))).rejects.toThrow(
      'page failed',
    );
    await expect(turns.run('b', () => Promise.resolve('ran'))).resolves.toBe('ran');
  });
});
