// How deep an input nests, checked before a recursive parser or walker reads it: one linear scan of the text.
import type { Position } from './command-io';

/** Deepest nesting of YAML/JSON collections accepted; Karpenter manifests nest about 10 deep. */
export const MAX_NESTING_DEPTH = 256;
/** Columns of block indentation allowed per level of `MAX_NESTING_DEPTH` (indentation is often 2 to 4 columns a level). */
export const BLOCK_COLUMNS_PER_LEVEL = 8;
/**
 * Where flow collections (`[`, `{`) or block indentation first nest deeper than `max`, or
 * undefined. Conservative and linear: quotes and comments are skipped so brackets in strings do
 * not count. It keeps pathological input away from the (recursive) YAML parser.
 */
export function nestingDepth(text: string, max: number): Position | undefined {
  // Character codes, not characters: a 20 MB cluster dump is scanned in a few tens of milliseconds.
  let depth = 0;
  let line = 1;
  let lineAt = 0;
  let lineStart = true;
  let indent = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === LF) {
      line++;
      lineAt = i + 1;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && ch === SPACE) {
      // Block nesting needs at least one column per level.
      if (++indent > max * BLOCK_COLUMNS_PER_LEVEL) return { line, column: i - lineAt + 1 };
      continue;
    }
    lineStart = false;
    if (ch === HASH && (i === 0 || isSpace(text.charCodeAt(i - 1)))) {
      const eol = text.indexOf('\n', i);
      i = (eol < 0 ? n : eol) - 1;
    } else if ((ch === DQUOTE || ch === SQUOTE) && (i === 0 || opensQuote(text.charCodeAt(i - 1)))) {
      const close = closingQuote(text, i, n);
      const end = close < 0 ? n : close;
      // Lines inside the quotes still count (scanned within the quotes only: a JSON file is one long line).
      for (let k = i + 1; k < end; k++) {
        if (text.charCodeAt(k) === LF) {
          line++;
          lineAt = k + 1;
        }
      }
      i = end;
    } else if (ch === OPEN_SEQ || ch === OPEN_MAP) {
      if (++depth > max) return { line, column: i - lineAt + 1 };
    } else if ((ch === CLOSE_SEQ || ch === CLOSE_MAP) && depth > 0) depth--;
  }
  return undefined;
}

const LF = 10;
const SPACE = 32;
const HASH = 35;
const DQUOTE = 34;
const SQUOTE = 39;
const OPEN_SEQ = 91; // [
const CLOSE_SEQ = 93; // ]
const OPEN_MAP = 123; // {
const CLOSE_MAP = 125; // }

/** `/\s/` on one character code. */
function isSpace(c: number): boolean {
  return c === SPACE || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

/** Whether a quote after this character opens a quoted scalar: after whitespace, `[`, `{`, `,` or `:`. */
function opensQuote(c: number): boolean {
  return isSpace(c) || c === OPEN_SEQ || c === OPEN_MAP || c === 44 /* , */ || c === 58; /* : */
}

/**
 * The offset of the quote that closes the quoted scalar opened at `open`, before `end`, or -1: `''` escapes `'` in
 * single quotes, `\` escapes the next character in double quotes. The nesting scan and the block reader share it.
 */
export function closingQuote(text: string, open: number, end: number): number {
  const q = text.charCodeAt(open);
  for (let i = open + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (q === DQUOTE && c === 92 /* \ */) i++;
    else if (c === q) {
      if (q === SQUOTE && text.charCodeAt(i + 1) === SQUOTE) i++;
      else return i;
    }
  }
  return -1;
}
