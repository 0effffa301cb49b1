// The block-style subset of YAML that `kubectl get -o yaml` and `helm template` print, read in one pass over the
// text: block mappings and sequences (sequences indented or at their key's column), single-line plain and quoted
// scalars, literal blocks (`|`, `|-`), and the empty flow collections `{}` and `[]`. On a 20 MB cluster dump it takes
// about half the time of js-yaml, which builds a string per character run and resolves every scalar. Anything outside
// the subset, or where js-yaml and `yaml` could disagree, is declined (BLOCK_YAML_DECLINED), and the caller reads the
// document with js-yaml or `yaml` as before; in a `kind: List`, only the item that holds it. Plain scalars resolve
// through js-yaml's own core schema types, so a value read here is the value js-yaml reads: test/cli/block-yaml.test.ts
// compares them with js-yaml and `yaml` on generated, mutated and real documents.
import * as jsYaml from 'js-yaml';
import { BLOCK_COLUMNS_PER_LEVEL, closingQuote, MAX_NESTING_DEPTH } from './nesting-depth';

/** Returned when the document is outside the subset: read it with a full YAML parser. */
export const BLOCK_YAML_DECLINED: unique symbol = Symbol('block YAML declined');

/** Thrown inside the reader to unwind to `readBlockYaml` (an object, not an Error: no stack is captured). */
const DECLINE = { declined: true };

type ScalarTypes = Readonly<Record<'null' | 'bool' | 'int' | 'float', jsYaml.Type>>;
/** js-yaml's scalar types: its index.js exports them (`types`), @types/js-yaml does not declare them. */
const types = (jsYaml as unknown as { readonly types?: ScalarTypes }).types;
/** The core schema's implicit types, in js-yaml's order (lib/schema/core.js): null, bool, int, float. */
const IMPLICIT = types === undefined ? [] : [types.null, types.bool, types.int, types.float];
/** First characters of a plain scalar that one of IMPLICIT may resolve (`-+.0-9~nNtTfF`); any other is a string. */
const MAY_RESOLVE = new Set([...'-+.0123456789~nNtTfF'].map((c) => c.charCodeAt(0)));
/**
 * YAML 1.2's core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), which `yaml` follows: js-yaml also reads
 * signed and binary `0x`/`0o`/`0b` integers, and leaves `-.5` a string. A scalar the two resolve differently is declined.
 */
const SPEC_CORE: readonly RegExp[] = [
  /^(?:~|null|Null|NULL|)$/,
  /^(?:true|True|TRUE|false|False|FALSE)$/,
  /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/,
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
];
/** Characters that may be non-printable: one character class, so most texts are cleared in one quick scan. */
const MAYBE_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Characters js-yaml refuses anywhere in a stream (its PATTERN_NON_PRINTABLE), and lone surrogates. */
const NON_PRINTABLE =
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** Double-quoted escapes that mean the same in JSON and YAML; any other (`\x`, `\e`, `\N`, ...) is declined. */
const JSON_ESCAPES = /^(?:[^\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*$/;
/** The deepest column a node may start at: the input limit on block nesting, which also bounds this reader's recursion. */
const MAX_COLUMN = MAX_NESTING_DEPTH * BLOCK_COLUMNS_PER_LEVEL;
/** Strings kept per first character and length: enough for manifests' field names, bounded for hostile input. */
const KEYS_PER_BUCKET = 8;
/** YAML limits an implicit key to 1,024 characters (`yaml` reports a longer one). */
const MAX_KEY_LENGTH = 1024;

const SPACE = 32;
const TAB = 9;
const LF = 10;
const HASH = 35;
const DASH = 45;
const COLON = 58;
const SQUOTE = 39;
const DQUOTE = 34;
/** Characters that start a YAML indicator or a token this reader leaves to a full parser (`[{` other than `[]` `{}`). */
const INDICATOR = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

/** True when `text` may hold documents this reader reads: no characters js-yaml refuses, no CR line ends. */
export function blockYamlCandidate(text: string): boolean {
  // Without js-yaml's types (a js-yaml that no longer exports them) scalars cannot be resolved as js-yaml does.
  return IMPLICIT.length === 4 && !text.includes('\r') && !(MAYBE_NON_PRINTABLE.test(text) && NON_PRINTABLE.test(text));
}

/**
 * Reads one entry of a top-level sequence (a List's item: its `-` line and the lines indented under it) with a full
 * parser, as a one-entry sequence; BLOCK_YAML_DECLINED when that parser declines it too.
 */
export type ItemReader = (entry: string) => unknown;

/**
 * The value of the one document in `text[start, end)` (no `---` marker lines inside), or BLOCK_YAML_DECLINED.
 * Call `blockYamlCandidate(text)` first. The document must hold something other than comments. With `readItem`, an
 * item of a top-level sequence (a `kind: List`'s `items`) outside the subset is read by it, so one wrapped message in
 * a cluster dump costs that item, not the dump.
 */
export function readBlockYaml(text: string, start: number, end: number, readItem?: ItemReader): unknown {
  try {
    return new BlockReader(text, start, end, readItem).document();
  } catch (e) {
    // RangeError: a nesting the call stack cannot take; the full parsers report it.
    if (e === DECLINE || e instanceof RangeError) return BLOCK_YAML_DECLINED;
    throw e;
  }
}

/** A cursor over the lines of one document. Offsets are into `text`; columns count from a line's start. */
class BlockReader {
  /** Start of the line the cursor is on. */
  private line: number;
  /** End of that line (its `\n`, or the document's end). */
  private eol = 0;
  /** Spaces before the line's first character (after `nextContent`). */
  private indent = 0;
  /** Plain keys read so far, each a string key. */
  private readonly keys = new SeenStrings();
  /** Plain scalars read so far that are strings. */
  private readonly values = new SeenStrings();

  constructor(
    private readonly text: string,
    start: number,
    private readonly end: number,
    private readonly readItem?: ItemReader,
  ) {
    this.line = start;
  }

  public document(): unknown {
    if (!this.nextContent()) throw DECLINE;
    const at = this.line + this.indent;
    // A document that is one scalar is left to the full parsers (no manifest is one).
    if (this.dashEntry(at) === false && this.keyColon(at) < 0) throw DECLINE;
    const value = this.node(at, this.indent, -1);
    if (this.nextContent()) throw DECLINE;
    return value;
  }

  /**
   * Moves the cursor to the next line with content (not blank, not only a comment), from the current line on; false at
   * the document's end. Declines tabs in indentation and `---` or `...` at a line's start.
   */
  private nextContent(): boolean {
    const t = this.text;
    while (this.line < this.end) {
      let eol = t.indexOf('\n', this.line);
      if (eol < 0 || eol > this.end) eol = this.end;
      let p = this.line;
      while (p < eol && t.charCodeAt(p) === SPACE) p++;
      const c = p < eol ? t.charCodeAt(p) : LF;
      if (c === TAB) throw DECLINE;
      if (c !== LF && c !== HASH) {
        if (p === this.line && (t.startsWith('---', p) || t.startsWith('...', p))) throw DECLINE;
        this.eol = eol;
        this.indent = p - this.line;
        return true;
      }
      this.line = eol + 1;
    }
    return false;
  }

  /** Moves the cursor past the current line. */
  private nextLine(): void {
    this.line = this.eol + 1;
  }

  /** The node starting at `at` (column `col`) on the current line, in a block indented `parent` (-1 at the root). */
  private node(at: number, col: number, parent: number): unknown {
    if (col > MAX_COLUMN) throw DECLINE;
    if (this.dashEntry(at)) return this.sequence(at, col);
    const colon = this.keyColon(at);
    if (colon >= 0) return this.mapping(at, col, colon, parent < 0);
    return this.scalar(at, parent);
  }

  /** True when a sequence entry (`-` then a space or the line's end) starts at `at`. */
  private dashEntry(at: number): boolean {
    if (this.text.charCodeAt(at) !== DASH) return false;
    return at + 1 === this.eol || this.text.charCodeAt(at + 1) === SPACE;
  }

  /**
   * A block sequence whose first `-` is at `at`, column `col`. `items`: the value of a top-level key, whose entries
   * `readItem` may read when they are outside the subset.
   */
  private sequence(at: number, col: number, items = false): unknown[] {
    const out: unknown[] = [];
    for (;;) {
      if (items && this.readItem !== undefined) {
        const lineStart = at - col; // an item's `-` starts its line
        try {
          out.push(this.entry(at, col));
        } catch (e) {
          if (e !== DECLINE) throw e;
          out.push(this.itemByParser(lineStart, col, this.readItem));
        }
      } else out.push(this.entry(at, col));
      if (!this.nextContent() || this.indent < col) return out;
      at = this.line + this.indent;
      if (this.indent > col) throw DECLINE;
      // A key at the sequence's column: the sequence was a mapping value written at its key's column (kubectl).
      if (!this.dashEntry(at)) return out;
    }
  }

  /** The sequence entry whose `-` is at `at`, column `col`. */
  private entry(at: number, col: number): unknown {
    let p = at + 1;
    while (p < this.eol && this.text.charCodeAt(p) === SPACE) p++;
    if (p === this.eol || this.text.charCodeAt(p) === HASH) {
      this.nextLine();
      return this.nextContent() && this.indent > col ? this.node(this.line + this.indent, this.indent, col) : null;
    }
    if (this.text.charCodeAt(p) === TAB) throw DECLINE;
    return this.node(p, col + (p - at), col);
  }

  /**
   * The entry whose `-` line starts at `lineStart`, read by `readItem`: its lines run to the next line with content at
   * column `col` or less. The cursor moves to that line.
   */
  private itemByParser(lineStart: number, col: number, readItem: ItemReader): unknown {
    const t = this.text;
    let next = t.indexOf('\n', lineStart);
    next = next < 0 || next >= this.end ? this.end : next + 1;
    while (next < this.end) {
      let p = next;
      while (p < this.end && t.charCodeAt(p) === SPACE) p++;
      const c = p < this.end ? t.charCodeAt(p) : LF;
      if (c !== LF && c !== HASH && p - next <= col) break;
      const eol = t.indexOf('\n', p);
      next = eol < 0 || eol >= this.end ? this.end : eol + 1;
    }
    const value = readItem(t.slice(lineStart, next));
    if (!Array.isArray(value) || value.length !== 1) throw DECLINE;
    this.line = next;
    return value[0];
  }

  /** A block mapping whose first key starts at `at`, column `col`, its `:` at `colon`; `root`: the document's. */
  private mapping(at: number, col: number, colon: number, root: boolean): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      const key = this.key(at, colon);
      // A duplicate key: js-yaml and `yaml` both refuse it. (Values are never undefined: most keys skip hasOwnProperty.)
      if (out[key] !== undefined && Object.prototype.hasOwnProperty.call(out, key)) throw DECLINE;
      const value = this.mappingValue(colon + 1, col, root);
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      if (!this.nextContent() || this.indent < col) return out;
      if (this.indent > col) throw DECLINE;
      at = this.line + this.indent;
      if (this.dashEntry(at)) throw DECLINE;
      colon = this.keyColon(at);
      if (colon < 0) throw DECLINE;
    }
  }

  /**
   * Where the implicit key starting at `at` ends (its `:`, followed by a space or the line's end), or -1 when the line
   * holds no key there. A quoted key must be followed by its `:` directly.
   */
  private keyColon(at: number): number {
    const t = this.text;
    const c = t.charCodeAt(at);
    if (c === SQUOTE || c === DQUOTE) {
      const close = this.quoteEnd(at);
      return close >= 0 && t.charCodeAt(close + 1) === COLON && this.separated(close + 2) ? close + 1 : -1;
    }
    if (INDICATOR.has(c) && !this.dashPlain(at)) return -1;
    for (let p = at; p < this.eol; p++) {
      const ch = t.charCodeAt(p);
      if (ch === COLON && this.separated(p + 1)) return p;
      if (ch === HASH && (t.charCodeAt(p - 1) === SPACE || t.charCodeAt(p - 1) === TAB)) return -1;
    }
    return -1;
  }

  /** True when `p` is the line's end or a space: what must follow a `:` or a closing quote. */
  private separated(p: number): boolean {
    return p >= this.eol || this.text.charCodeAt(p) === SPACE;
  }

  /** The key from `at` to its `colon`, as js-yaml reads it; declines keys that are not strings. */
  private key(at: number, colon: number): string {
    const c = this.text.charCodeAt(at);
    if (colon - at > MAX_KEY_LENGTH) throw DECLINE;
    if (c === SQUOTE || c === DQUOTE) return this.quoted(at, colon - 1);
    // Keys repeat in every object: one read before is compared in place, so no string is cut for it.
    const seen = this.keys.seen(this.text, at, colon);
    if (seen !== undefined) return seen;
    const key = this.text.slice(at, colon);
    const last = key.charCodeAt(key.length - 1);
    if (last === SPACE || last === TAB || key === '<<') throw DECLINE;
    if (MAY_RESOLVE.has(c) && (IMPLICIT.some((type) => type.resolve(key)) || SPEC_CORE.some((spec) => spec.test(key)))) throw DECLINE;
    this.keys.keep(key);
    return key;
  }

  /** The value after a key's `:` at `p`, in a mapping at column `col` (`root`: the document's). */
  private mappingValue(p: number, col: number, root: boolean): unknown {
    const t = this.text;
    while (p < this.eol && t.charCodeAt(p) === SPACE) p++;
    if (p === this.eol || t.charCodeAt(p) === HASH) {
      this.nextLine();
      if (!this.nextContent()) return null;
      const at = this.line + this.indent;
      if (root && this.dashEntry(at) && this.indent >= col) return this.sequence(at, this.indent, true);
      if (this.indent > col) return this.node(at, this.indent, col);
      if (this.indent === col && this.dashEntry(at)) return this.sequence(at, col);
      return null;
    }
    if (t.charCodeAt(p) === TAB) throw DECLINE;
    return this.scalar(p, col);
  }

  /** The scalar starting at `at` on the current line, in a block indented `parent`; the cursor moves past it. */
  private scalar(at: number, parent: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(at);
    let value: unknown;
    let after: number;
    if (c === SQUOTE || c === DQUOTE) {
      const close = this.quoteEnd(at);
      if (close < 0) throw DECLINE; // a quoted scalar over several lines
      value = this.quoted(at, close);
      after = close + 1;
    } else if (c === 124 /* | */) {
      return this.literal(at, parent);
    } else if ((c === 91 /* [ */ && t.charCodeAt(at + 1) === 93) || (c === 123 /* { */ && t.charCodeAt(at + 1) === 125)) {
      value = c === 91 ? [] : {};
      after = at + 2;
    } else if (INDICATOR.has(c) && !this.dashPlain(at)) {
      throw DECLINE;
    } else {
      after = this.plainEnd(at);
      // Values repeat too (kinds, namespaces, node names, images): a repeated one is the same string, not a new one.
      const seen = this.values.seen(t, at, after);
      if (seen !== undefined) value = seen;
      else {
        const text = t.slice(at, after);
        value = plainValue(text);
        if (typeof value === 'string') this.values.keep(text);
      }
    }
    this.restIsComment(after);
    // A more indented line after it (a multi-line plain scalar, or an error) is declined by the block that continues.
    this.nextLine();
    return value;
  }

  /** Where the plain scalar from `at` ends on its line (before a comment and trailing blanks); declines `: ` in it. */
  private plainEnd(at: number): number {
    const t = this.text;
    let end = this.eol;
    for (let p = at; p < this.eol; p++) {
      const ch = t.charCodeAt(p);
      if (ch === COLON && this.separated(p + 1)) throw DECLINE;
      if (ch === HASH && (t.charCodeAt(p - 1) === SPACE || t.charCodeAt(p - 1) === TAB)) {
        end = p;
        break;
      }
    }
    while (end > at && (t.charCodeAt(end - 1) === SPACE || t.charCodeAt(end - 1) === TAB)) end--;
    return end;
  }

  /** True when the `-` at `at` starts a plain scalar (`-1`, `-x`): a character other than a space follows it. */
  private dashPlain(at: number): boolean {
    return this.text.charCodeAt(at) === DASH && at + 1 < this.eol && this.text.charCodeAt(at + 1) !== SPACE;
  }

  /** Declines anything but blanks and a comment from `p` to the line's end. */
  private restIsComment(p: number): void {
    const t = this.text;
    const from = p;
    while (p < this.eol && (t.charCodeAt(p) === SPACE || t.charCodeAt(p) === TAB)) p++;
    if (p < this.eol && (t.charCodeAt(p) !== HASH || p === from)) throw DECLINE;
  }

  /** The offset of the quote closing the quoted scalar at `at` on its line, or -1. */
  private quoteEnd(at: number): number {
    return closingQuote(this.text, at, this.eol);
  }

  /** The quoted scalar from `open` to `close` (both quotes), unescaped. */
  private quoted(open: number, close: number): string {
    const raw = this.text.slice(open + 1, close);
    if (this.text.charCodeAt(open) === SQUOTE) return raw.includes("'") ? raw.replace(/''/g, "'") : raw;
    if (!raw.includes('\\')) return raw;
    if (!JSON_ESCAPES.test(raw)) throw DECLINE;
    try {
      return JSON.parse(`"${raw}"`) as string; // the escapes JSON and YAML share; a raw tab is not JSON
    } catch {
      throw DECLINE;
    }
  }

  /** A literal block scalar (`|` or `|-`) whose indicator is at `at`, in a block indented `parent`. */
  private literal(at: number, parent: number): string {
    const t = this.text;
    const strip = t.charCodeAt(at + 1) === DASH;
    this.restIsComment(at + (strip ? 2 : 1));
    this.nextLine();
    const lines: string[] = [];
    let contentIndent = -1;
    let blanks = 0;
    /** Most spaces on a blank line before the first content line: more than its indentation is an error in YAML. */
    let leading = 0;
    while (this.line < this.end) {
      let eol = t.indexOf('\n', this.line);
      if (eol < 0 || eol > this.end) eol = this.end;
      let p = this.line;
      while (p < eol && t.charCodeAt(p) === SPACE) p++;
      const indent = p - this.line;
      if (p === eol) {
        // A blank line: more spaces than the content's indentation would be content; left to the full parsers.
        if (contentIndent < 0) leading = Math.max(leading, indent);
        else if (indent > contentIndent) throw DECLINE;
        if (eol === this.end) break;
        blanks++;
        this.line = eol + 1;
        continue;
      }
      if (contentIndent < 0) {
        if (indent <= parent) break;
        if (leading > indent) throw DECLINE;
        contentIndent = indent;
      } else if (indent < contentIndent) {
        if (indent > parent) throw DECLINE;
        break;
      }
      // The block's last line must end in a line break (chomping at the end of the input differs between parsers).
      if (eol === this.end) throw DECLINE;
      for (; blanks > 0; blanks--) lines.push('');
      lines.push(t.slice(this.line + contentIndent, eol));
      this.line = eol + 1;
    }
    if (contentIndent < 0) return '';
    const body = lines.join('\n');
    return strip ? body : `${body}\n`;
  }
}

/**
 * Strings read before, by first character and length, a few of each: `seen` finds one equal to `text[start, end)` by
 * comparing in place. Bounded (KEYS_PER_BUCKET a bucket) whatever the input holds.
 */
class SeenStrings {
  private readonly buckets = new Map<number, string[]>();

  public seen(text: string, start: number, end: number): string | undefined {
    if (end - start > MAX_KEY_LENGTH || end === start) return undefined;
    const list = this.buckets.get(text.charCodeAt(start) * (MAX_KEY_LENGTH + 1) + (end - start));
    if (list !== undefined) for (const known of list) if (text.startsWith(known, start)) return known;
    return undefined;
  }

  public keep(s: string): void {
    if (s.length > MAX_KEY_LENGTH || s.length === 0) return;
    const bucket = s.charCodeAt(0) * (MAX_KEY_LENGTH + 1) + s.length;
    const list = this.buckets.get(bucket);
    if (list === undefined) this.buckets.set(bucket, [s]);
    else if (list.length < KEYS_PER_BUCKET) list.push(s);
  }
}

/** A plain scalar's value under the core schema, as js-yaml resolves it. */
function plainValue(s: string): unknown {
  const c = s.charCodeAt(0);
  if (s.length > 0 && !MAY_RESOLVE.has(c)) return s;
  // Starting with a letter, only null, true and false (5 letters at most) resolve: `namespace` is a string.
  if (s.length > 5 && c >= 65 /* A */) return s;
  const k = IMPLICIT.findIndex((type) => type.resolve(s));
  if (k !== SPEC_CORE.findIndex((spec) => spec.test(s))) throw DECLINE;
  return k < 0 ? s : IMPLICIT[k].construct(s);
}
