// "Did you mean": the one ranking behind every suggestion the library makes (catalog values, label keys,
// fields, silence codes, regions).

/** How close a candidate is to what was written. */
export interface Suggestion {
  readonly candidate: string;
  /**
   * How the candidate relates to the value: `case` differs only in case, `extends` starts with the value
   * (`m6` to `m6i`), `edit` is within the edit distance.
   */
  readonly kind: 'case' | 'extends' | 'edit';
  /** Levenshtein distance between the lower-cased value and candidate. */
  readonly distance: number;
}

/** What `rankSuggestions` considers. */
export interface SuggestOptions {
  /**
   * The most edits (or, for a candidate that extends the value, added characters) a suggestion may be away.
   * @default - a third of the value's length, at least 1 and at most 3
   */
  readonly maxDistance?: number;
  /**
   * The most suggestions returned.
   * @default 3
   */
  readonly limit?: number;
}

const KIND_ORDER = { case: 0, extends: 1, edit: 2 } as const;

let collator: Intl.Collator | undefined;

/** Natural order (`m5.2xlarge` before `m5.12xlarge`), the order suggestions and value lists are shown in. */
export function naturalCompare(a: string, b: string): number {
  // Made at the first comparison: a collator costs about 20 ms, which the package import should not pay.
  return (collator ??= new Intl.Collator('en', { numeric: true })).compare(a, b);
}

// Loaded on the first suggestion: a typo's rare path, kept out of the package import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const levenshtein = (): typeof import('fastest-levenshtein').distance => require('fastest-levenshtein').distance;

/**
 * Candidates indexed for suggestions: by lower-cased form, in sorted order for the candidates that extend a
 * value, and by length, so a search computes edit distances only to candidates a few characters longer or
 * shorter than the value. Build it once per candidate set and reuse it: the cost of a search is then bounded
 * by the set, whatever the value.
 */
export class SuggestionIndex {
  private readonly byLower = new Map<string, string>();
  private readonly lowerSorted: string[];
  private readonly byLength = new Map<number, string[]>();
  private naturalSorted?: readonly string[];

  constructor(candidates: Iterable<string>) {
    for (const c of candidates) {
      const lower = c.toLowerCase();
      if (this.byLower.has(lower)) continue;
      this.byLower.set(lower, c);
      let bucket = this.byLength.get(lower.length);
      if (!bucket) this.byLength.set(lower.length, (bucket = []));
      bucket.push(lower);
    }
    this.lowerSorted = [...this.byLower.keys()].sort();
  }

  /** Number of distinct candidates. */
  get size(): number {
    return this.byLower.size;
  }

  /** The candidates in natural order, sorted once. */
  sorted(): readonly string[] {
    return (this.naturalSorted ??= [...this.byLower.values()].sort(naturalCompare));
  }

  /**
   * Candidates close to `value`, best first: one that differs only in case, then those that extend what was
   * written (`m6` to `m6a`, `m6g`, `m6i`), then those within the edit distance; each group by distance, then in
   * natural order. An exact match is no suggestion.
   */
  rank(value: string, options: SuggestOptions = {}): Suggestion[] {
    const limit = options.limit ?? 3;
    const lower = value.toLowerCase();
    if (lower.length === 0 || limit <= 0) return [];
    const max = options.maxDistance ?? Math.min(3, Math.max(1, Math.floor(value.length / 3)));
    const found = new Map<string, Suggestion>();
    const exact = this.byLower.get(lower);
    if (exact !== undefined && exact !== value) found.set(exact, { candidate: exact, kind: 'case', distance: 0 });
    // Candidates that start with the value sit together in sorted order, from the value's insertion point.
    for (let i = lowerBound(this.lowerSorted, lower); i < this.lowerSorted.length; i++) {
      const c = this.lowerSorted[i];
      if (!c.startsWith(lower)) break;
      const added = c.length - lower.length;
      if (added > 0 && added <= max) found.set(this.byLower.get(c)!, { candidate: this.byLower.get(c)!, kind: 'extends', distance: added });
    }
    const distance = levenshtein();
    for (let len = Math.max(1, lower.length - max); len <= lower.length + max; len++) {
      for (const c of this.byLength.get(len) ?? []) {
        const original = this.byLower.get(c)!;
        if (c === lower || found.has(original)) continue;
        const d = distance(lower, c);
        if (d <= max) found.set(original, { candidate: original, kind: 'edit', distance: d });
      }
    }
    return [...found.values()]
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.distance - b.distance || naturalCompare(a.candidate, b.candidate))
      .slice(0, limit);
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function indexOf(candidates: Iterable<string> | SuggestionIndex): SuggestionIndex {
  return candidates instanceof SuggestionIndex ? candidates : new SuggestionIndex(candidates);
}

/**
 * The suggestions for `value` that rank best and alike (same kind and distance: `m7x` gives `m7a`, `m7g`,
 * `m7i`), at most `limit`; empty when no candidate is close.
 */
export function didYouMean(value: string, candidates: Iterable<string> | SuggestionIndex, options: SuggestOptions = {}): string[] {
  const ranked = indexOf(candidates).rank(value, options);
  const top = ranked[0];
  return top === undefined ? [] : ranked.filter((s) => s.kind === top.kind && s.distance === top.distance).map((s) => s.candidate);
}

/** The one best suggestion for `value`; undefined when none is close, or when several rank alike (a tie is no guess). */
export function suggestOne(value: string, candidates: Iterable<string> | SuggestionIndex, options: SuggestOptions = {}): string | undefined {
  const best = didYouMean(value, candidates, { ...options, limit: 2 });
  return best.length === 1 ? best[0] : undefined;
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`: suggestions as a message shows them. */
export function quotedChoices(choices: readonly string[], quote: (s: string) => string = (s) => JSON.stringify(s)): string {
  const q = choices.map(quote);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
