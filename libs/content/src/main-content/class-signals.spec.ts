import { perName } from './class-signals.js';

describe('perName', () => {
  it('reads each name once, and reads it again once many other names have come between', () => {
    const read: string[] = [];
    const length = perName((name) => {
      read.push(name);
      return name.length;
    });
    expect([length('post'), length('entry-content'), length('post')]).toEqual([4, 13, 4]);
    expect(read).toEqual(['post', 'entry-content']);
    // A worker converts page after page: the names of pages long gone are not kept forever.
    for (let index = 0; index < 20_000; index++) length(`card-${index}`);
    read.length = 0;
    length('post');
    expect(read).toEqual(['post']);
  });
});
