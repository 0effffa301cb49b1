import { Token } from 'cdktf';

// Every cdktf token marker (string `${TfToken[`, list `#{TfToken[`, map key `&{TfToken[`) holds this text, so a
// string or key without it is no token, and cdktf's own test (a regular expression per string, and one per key of
// every object) runs only on the few that hold it. The checks ask this of every value of a manifest; the answer is
// Token.isUnresolved's (test/private/tokens.test.ts compares them on tokens of each kind and generated values).
const MARKER = 'TfToken[';
const NUMBER_TOKENS_BELOW = -1e288;

/** `Token.isUnresolved(value)`, cheaper on the literal strings and objects that make up most manifests. */
export function isUnresolved(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(MARKER) && Token.isUnresolved(value);
  // A number token is a double with a marker in its top 16 bits: below -2^960 (about -1e289).
  if (typeof value === 'number') return value < NUMBER_TOKENS_BELOW && Token.isUnresolved(value);
  // In cdktf's order: a one-item list (a list token) is judged by its item alone.
  if (typeof value !== 'object' || value === null || (Array.isArray(value) && value.length === 1)) return Token.isUnresolved(value);
  if (typeof (value as { resolve?: unknown }).resolve === 'function') return true;
  for (const key in value) if (key.includes(MARKER)) return Token.isUnresolved(value);
  return false;
}
