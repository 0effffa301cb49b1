import { didYouMean, quotedChoices, SuggestionIndex, suggestOne } from '../../../lib/core/shared/suggest';

const FAMILIES = ['g6', 'g6e', 'm6a', 'm6g', 'm6gd', 'm6i', 'm6id', 'm7a', 'm7g', 'm7i', 'c5', 'r6g'];

test('a candidate that extends what was written ranks before an equally close edit (m6: m6a, m6g, m6i, not g6)', () => {
  expect(didYouMean('m6', FAMILIES)).toEqual(['m6a', 'm6g', 'm6i']);
  // Ranked, the edit comes after them.
  expect(
    new SuggestionIndex(FAMILIES)
      .rank('m6', { limit: 5 })
      .map((s) => `${s.kind} ${s.candidate}`)
      .slice(0, 4),
  ).toEqual(['extends m6a', 'extends m6g', 'extends m6i', 'edit g6']);
});

test('case first, then edits by distance, then natural order; an exact value is no suggestion', () => {
  expect(didYouMean('M6G', FAMILIES)).toEqual(['m6g']);
  expect(didYouMean('m7x', FAMILIES)).toEqual(['m7a', 'm7g', 'm7i']);
  expect(didYouMean('m6g', FAMILIES)).toEqual(['m6gd']);
  expect(didYouMean('c5', ['c5'])).toEqual([]);
  expect(didYouMean('team', ['kubernetes.io/arch', 'topology.kubernetes.io/zone'])).toEqual([]);
  expect(didYouMean('', FAMILIES)).toEqual([]);
  const sizes = new SuggestionIndex(['m5.12xlarge', 'm5.2xlarge', 'm5.large']);
  expect(sizes.sorted()).toEqual(['m5.2xlarge', 'm5.12xlarge', 'm5.large']);
});

test('maxDistance bounds both kinds; a tie is no single guess', () => {
  expect(didYouMean('m6', FAMILIES, { maxDistance: 2 }).slice(0, 3)).toEqual(['m6a', 'm6g', 'm6i']);
  expect(didYouMean('kubernetes.io/arc', ['kubernetes.io/arch', 'kubernetes.io/os'], { maxDistance: 2 })).toEqual(['kubernetes.io/arch']);
  expect(suggestOne('eu-west', ['eu-west-1', 'eu-west-2', 'eu-west-3'], { maxDistance: 2 })).toBeUndefined();
  expect(suggestOne('eu-wset-1', ['eu-west-1', 'eu-west-2', 'us-west-1'], { maxDistance: 2 })).toBe('eu-west-1');
});

test('keys named like object properties are plain strings', () => {
  const index = new SuggestionIndex(['constructor', '__proto__', 'toString']);
  expect(didYouMean('construktor', index)).toEqual(['constructor']);
  expect(didYouMean('hasOwnProperty', index)).toEqual([]);
  expect(didYouMean('__proto_', index)).toEqual(['__proto__']);
});

test('a long value computes no distance to candidates far shorter', () => {
  const index = new SuggestionIndex(FAMILIES);
  expect(index.rank('m'.repeat(1_000_000))).toEqual([]);
});

test('quotedChoices', () => {
  expect(quotedChoices(['a'])).toBe('"a"');
  expect(quotedChoices(['a', 'b', 'c'])).toBe('"a", "b" or "c"');
  expect(quotedChoices(['a', 'b'], (s) => `'${s}'`)).toBe("'a' or 'b'");
});
