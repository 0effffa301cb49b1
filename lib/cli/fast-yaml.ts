// A fast reader for the plain block YAML that kubectl and most tools print (mappings, sequences, plain and quoted
// one-line scalars, literal blocks, `{}` and `[]`), about ten times faster than the `yaml` library on large files.
// It gives the values `yaml` gives (YAML 1.2 core schema) or, for anything outside that subset (anchors, tags,
// flow collections, folded or multi-line scalars, duplicate keys, odd indentation), undefined: the caller then
// reads the file with `yaml`, which also reports the errors. test/cli/fast-yaml.test.ts compares the two.

/** One document of a file: its value and the lines it spans (0-based, end exclusive), for positions on demand. */
export interface FastDocument {
  /** Index among the file's documents, as `yaml`'s `parseAllDocuments` counts them. */
  readonly index: number;
  readonly value: unknown;
  readonly startLine: number;
  readonly endLine: number;
}

interface Line {
  readonly indent: number;
  /** The line after its indentation (comments included). */
  readonly text: string;
}

/** Thrown for input outside the subset; never escapes `fastYamlDocuments`. */
class Unsupported extends Error {}

/** The documents of `text`, or undefined when it is not plain block YAML (or holds no document). */
export function fastYamlDocuments(text: string): FastDocument[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  try {
    return documents(text);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

function documents(text: string): FastDocument[] | undefined {
  const raw = text.split('\n');
  const out: FastDocument[] = [];
  let current: Line[] | undefined;
  let start = 0;
  const finish = (end: number) => {
    if (current === undefined) return;
    const last = end === raw.length && !text.endsWith('\n');
    out.push({ index: out.length, value: new Parser(current, last).document(), startLine: start, endLine: end });
  };
  for (let n = 0; n < raw.length; n++) {
    let line = raw[n];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.includes('\r')) throw new Unsupported();
    if (line.startsWith('---') && (line.length === 3 || line[3] === ' ' || line[3] === '\t')) {
      const rest = line.slice(3).trim();
      if (rest !== '' && !rest.startsWith('#')) throw new Unsupported();
      finish(n);
      current = [];
      start = n + 1;
      continue;
    }
    if (line.startsWith('...') || line.startsWith('%')) throw new Unsupported();
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    const rest = line.slice(indent);
    if (rest.startsWith('\t')) throw new Unsupported();
    if (current === undefined) {
      // Comments before the first document belong to it; they start no document of their own.
      if (rest === '' || rest.startsWith('#')) continue;
      current = [];
      start = n;
    }
    current.push({ indent, text: rest });
  }
  finish(raw.length);
  return out.length === 0 ? undefined : out;
}

const DOUBLE_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' };

class Parser {
  private i = 0;

  constructor(
    private readonly lines: Line[],
    /** The document ends the file without a final line break (a literal block there keeps no newline). */
    private readonly atEof: boolean,
  ) {}

  public document(): unknown {
    const first = this.next();
    if (first === undefined) return null;
    const value = this.node(first.indent);
    if (this.next() !== undefined) throw new Unsupported();
    return value;
  }

  /** The next line with content (blank and comment lines skipped), not consumed. */
  private next(): Line | undefined {
    while (this.i < this.lines.length) {
      const l = this.lines[this.i];
      if (l.text === '' || l.text[0] === '#') this.i++;
      else return l;
    }
    return undefined;
  }

  /** The block node whose first line is the next one, at `indent`. */
  private node(indent: number): unknown {
    const l = this.next()!;
    return isSeqItem(l.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let l = this.next(); l !== undefined && l.indent >= indent; l = this.next()) {
      if (l.indent > indent) throw new Unsupported();
      // A key at the sequence's indentation ends it (`key:` then `- item` lines at the key's indentation).
      if (!isSeqItem(l.text)) break;
      let offset = 1;
      while (l.text.charCodeAt(offset) === 32) offset++;
      const rest = l.text.slice(offset);
      if (rest === '' || rest[0] === '#') {
        this.i++;
        const nl = this.next();
        out.push(nl !== undefined && nl.indent > indent ? this.node(nl.indent) : null);
      } else if (isSeqItem(rest) || keyEnd(rest) >= 0) {
        // `- key: value` and `- - x`: a compact node, indented where its text starts.
        this.lines[this.i] = { indent: indent + offset, text: rest };
        out.push(this.node(indent + offset));
      } else {
        out.push(this.scalar(rest, indent));
      }
    }
    return out;
  }

  private mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let l = this.next(); l !== undefined && l.indent >= indent; l = this.next()) {
      if (l.indent > indent || isSeqItem(l.text)) throw new Unsupported();
      const end = keyEnd(l.text);
      if (end < 0) throw new Unsupported();
      const key = keyOf(l.text.slice(0, end));
      if (key === '__proto__' || key === '<<' || Object.prototype.hasOwnProperty.call(out, key)) throw new Unsupported();
      const rest = l.text.slice(end + 1).trimStart();
      if (rest === '' || rest[0] === '#') {
        this.i++;
        const nl = this.next();
        if (nl !== undefined && nl.indent > indent) out[key] = this.node(nl.indent);
        else if (nl !== undefined && nl.indent === indent && isSeqItem(nl.text)) out[key] = this.sequence(indent);
        else out[key] = null;
      } else {
        out[key] = this.scalar(rest, indent);
      }
    }
    return out;
  }

  /** The scalar (or `{}`, `[]`, literal block) starting the current line's `rest`; consumes its lines. */
  private scalar(rest: string, indent: number): unknown {
    this.i++;
    const c = rest[0];
    let value: unknown;
    if (c === '|') value = this.literal(rest, indent);
    else if (c === '"') value = quoted(rest, doubleQuoted);
    else if (c === "'") value = quoted(rest, singleQuoted);
    else if (c === '{' || c === '[') {
      if (!/^(\{\}|\[\])\s*(#.*)?$/.test(rest)) throw new Unsupported();
      value = c === '{' ? {} : [];
    } else value = plain(rest);
    // A following line indented deeper would continue the scalar (a multi-line plain scalar, or an error).
    const nl = this.next();
    if (nl !== undefined && nl.indent > indent) throw new Unsupported();
    return value;
  }

  /** A literal block scalar (`|`, `|-`, `|+`) whose header is `header`, under a node at `indent`. */
  private literal(header: string, indent: number): string {
    const m = /^\|([-+]?)\s*(#.*)?$/.exec(header);
    if (!m) throw new Unsupported();
    const body: string[] = [];
    let content = -1;
    let trailing = 0;
    for (; this.i < this.lines.length; this.i++) {
      const l = this.lines[this.i];
      if (l.text === '') {
        if (content >= 0 && l.indent > content) throw new Unsupported();
        if (content < 0 && l.indent > indent) throw new Unsupported();
        body.push('');
        trailing++;
        continue;
      }
      if (content < 0) {
        if (l.indent <= indent) break;
        content = l.indent;
      } else if (l.indent < content) break;
      body.push(' '.repeat(l.indent - content) + l.text);
      trailing = 0;
    }
    if (content < 0 || (this.i === this.lines.length && this.atEof)) throw new Unsupported();
    const lines = body.slice(0, body.length - trailing);
    const text = lines.join('\n');
    if (m[1] === '-') return text;
    if (m[1] === '+') return `${text}\n${'\n'.repeat(trailing)}`;
    return `${text}\n`;
  }
}

function isSeqItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** Where the `:` of a `key: value` line is, or -1 when the line is not one the subset reads. */
function keyEnd(text: string): number {
  const c = text[0];
  if (c === '"' || c === "'") {
    const close = closingQuote(text, c);
    return close > 0 && text[close + 1] === ':' && (close + 2 === text.length || text[close + 2] === ' ') ? close + 1 : -1;
  }
  if ('-?:,[]{}#&*!|>%@`'.includes(c)) return -1;
  const colon = text.indexOf(': ');
  const end = colon >= 0 ? colon : text.endsWith(':') ? text.length - 1 : -1;
  if (end <= 0 || text.slice(0, end).includes(' #') || text.includes('\t')) return -1;
  return end;
}

/** The key before a `:`: quoted, or plain (which must read as a string: `1:` or `true:` are not read here). */
function keyOf(raw: string): string {
  const c = raw[0];
  if (c === '"') return quoted(raw, doubleQuoted);
  if (c === "'") return quoted(raw, singleQuoted);
  const key = raw.trimEnd();
  if (typeof resolvePlain(key) !== 'string') throw new Unsupported();
  return key;
}

/** Index of the quote closing the one at 0, or -1. */
function closingQuote(text: string, q: string): number {
  for (let k = 1; k < text.length; k++) {
    if (q === '"' && text[k] === '\\') k++;
    else if (text[k] === q) {
      if (q === "'" && text[k + 1] === "'") k++;
      else return k;
    }
  }
  return -1;
}

/** A one-line quoted scalar with nothing but a comment after it. */
function quoted(text: string, decode: (inner: string) => string): string {
  const close = closingQuote(text, text[0]);
  if (close < 0 || !/^\s*(#.*)?$/.test(text.slice(close + 1)) || (text.length > close + 1 && text[close + 1] === '#')) throw new Unsupported();
  return decode(text.slice(1, close));
}

function singleQuoted(inner: string): string {
  return inner.replace(/''/g, "'");
}

function doubleQuoted(inner: string): string {
  if (!inner.includes('\\')) return inner;
  let out = '';
  for (let k = 0; k < inner.length; k++) {
    if (inner[k] !== '\\') {
      out += inner[k];
      continue;
    }
    const e = inner[++k];
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(inner.slice(k + 1, k + 5))) {
      out += String.fromCharCode(parseInt(inner.slice(k + 1, k + 5), 16));
      k += 4;
    } else if (e !== undefined && DOUBLE_ESCAPES[e] !== undefined) out += DOUBLE_ESCAPES[e];
    else throw new Unsupported();
  }
  return out;
}

/** A plain one-line scalar, its comment cut, resolved by the YAML 1.2 core schema. */
function plain(text: string): unknown {
  const c = text[0];
  if ('&*!%@`?:,[]{}#|>'.includes(c) || (c === '-' && (text.length === 1 || text[1] === ' '))) throw new Unsupported();
  const hash = text.indexOf(' #');
  const value = (hash >= 0 ? text.slice(0, hash) : text).trimEnd();
  if (value.includes(': ') || value.endsWith(':') || value.includes('\t')) throw new Unsupported();
  return resolvePlain(value);
}

/** The core schema's reading of a plain scalar (the `yaml` library's tests, lib/schema/core). */
function resolvePlain(s: string): unknown {
  // Most scalars are names: a first letter that starts no null, bool, number or special float is a string.
  const c = s.charCodeAt(0);
  if (((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) && !'nNtTfF'.includes(s[0])) return s;
  if (/^(?:~|[Nn]ull|NULL)?$/.test(s)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(s)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(s)) return false;
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(s)) return parseInt(s, 10);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF))$/.test(s)) return s[0] === '-' ? -Infinity : Infinity;
  if (/^(?:\.nan|\.NaN|\.NAN)$/.test(s)) return NaN;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s) || /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)) return parseFloat(s);
  return s;
}
