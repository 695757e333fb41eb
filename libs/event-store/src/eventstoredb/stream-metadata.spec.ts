import {
  hiddenBelow,
  StreamDeletedForMetadataError,
  toPortMetadata,
  toRawMetadata,
  withTruncation,
} from './stream-metadata.js';

/** Int64.MaxValue as JSON.parse reads it: rounded to 2^63. */
const DELETED = Number(JSON.parse('9223372036854775807'));

describe('EventStoreDB stream metadata', () => {
  it('maps system keys both ways and keeps custom keys beside them', () => {
    const raw = toRawMetadata({ maxAge: 60, maxCount: 3, truncateBefore: 2, custom: { owner: 'team-1' } });
    expect(raw).toEqual({ $maxAge: 60, $maxCount: 3, $tb: 2, owner: 'team-1' });
    expect(toPortMetadata(raw)).toEqual({
      maxAge: 60,
      maxCount: 3,
      truncateBefore: 2,
      custom: { owner: 'team-1' },
    });
    expect(toPortMetadata({ $acl: { $r: '$all' } })).toEqual({});
  });

  it('never lowers a truncation, keeps operator keys, and refuses "$" custom keys', () => {
    expect(toRawMetadata({ maxCount: 1 }, { $tb: 5, $maxAge: 9, $acl: 'x', owner: 'old' })).toEqual({
      $maxCount: 1,
      $tb: 5,
      $acl: 'x',
    });
    expect(() => toRawMetadata({ custom: { $tb: 1 } })).toThrow(RangeError);
    expect(withTruncation({ $tb: 5 }, 3)).toBeUndefined();
    expect(withTruncation({ owner: 'a' }, 3)).toEqual({ owner: 'a', $tb: 3 });
  });

  it('treats the soft-delete marker as hiding everything, not as a chosen truncation', () => {
    expect(hiddenBelow({ $tb: DELETED })).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(toPortMetadata({ $tb: DELETED, $maxAge: 5 })).toEqual({ maxAge: 5 });
    expect(() => toRawMetadata({}, { $tb: DELETED })).toThrow(StreamDeletedForMetadataError);
    expect(withTruncation({ $tb: DELETED }, 3)).toBeUndefined();
  });
});
