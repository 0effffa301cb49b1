// Safe input reading for the CLI commands: size and nesting limits, encodings, YAML/JSON syntax and alias
// bombs, each problem one issue (never a stack trace), so one bad file costs one line.
import type { Document, LineCounter } from 'yaml';
import { yaml } from '../core/model/yaml';
import { FastDocument, fastYamlDocuments } from './fast-yaml';
import { Severity } from '../core/issues';
import { CommandDependencies, CommandIo, FileIssue, Position, STDIN } from './command-io';
import { joinPath } from './input-files';
import { JSON_FILE, readJson } from './json-syntax';
import { itemDocument, listEntries } from './kubectl-list';
import { BLOCK_COLUMNS_PER_LEVEL, MAX_NESTING_DEPTH, nestingDepth } from './nesting-depth';

/**
 * Largest file `validate`, `explain` and `drift` read: a running cluster from kubectl takes a few kilobytes per pod.
 * `explain` peaks at about 15 MB of memory per MB of pod YAML (scripts/bench-memory.ts; 22 MB per MB on a 150 MB
 * file), so 64 MiB stays within a 2 GB heap; 256 MiB ran out of memory.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/**
 * Most nodes YAML aliases may add to a document by expansion: a bound on the size read, not on the count of aliases
 * (150 pods sharing `resources: &res` add a few hundred), so a "billion laughs" is refused before it is expanded.
 */
export const MAX_ALIAS_EXPANSION = 1_000_000;

/**
 * `yaml` sends its warnings (a mapping used as a key) to process.emitWarning, which Node prints outside the report, once
 * per document; such a key is stringified and the checks then report the field.
 */
const YAML_LOG_LEVEL = 'error';

/** One parsed document of an input file. */
export interface InputDocument {
  /** Input file as given (`-` for standard input). */
  readonly file: string;
  /** Document index in the file, from 0. */
  readonly index: number;
  /** The document as plain data. */
  readonly value: unknown;
  /** Line and column of `field` (or of its nearest parent) in the file. */
  locate(field: string): { readonly line: number; readonly column: number } | undefined;
}

/** A document parsed from an input file, with its YAML node tree for positions and comments. */
export interface ParsedDocument {
  readonly index: number;
  readonly value: unknown;
  readonly doc: Document;
  readonly lines: LineCounter;
}

/**
 * Reads and parses `files` as `validate` does (size and nesting limits, encodings, YAML/JSON syntax, alias
 * bombs): each problem is one issue, and the other files are still read. For other commands (`explain`).
 */
export function readInputDocuments(
  files: readonly string[],
  io: CommandIo,
  deps: CommandDependencies = {},
): { readonly documents: InputDocument[]; readonly issues: readonly FileIssue[] } {
  const issues: FileIssue[] = [];
  const reader = new InputReader(io, deps, (i) => issues.push(i));
  const documents = files.flatMap((file) => reader.readValues(file).map((d) => ({ file, ...d })));
  return { documents, issues };
}

/** Reads input files; every problem goes to `add`. */
export class InputReader {
  constructor(
    private readonly io: CommandIo,
    private readonly deps: CommandDependencies,
    private readonly add: (issue: FileIssue) => void,
  ) {}

  /** The file's text, or undefined after reporting why there is none to check. */
  public readText(file: string): string | undefined {
    const max = this.deps.maxInputBytes ?? MAX_INPUT_BYTES;
    const tooLarge = (size: number) =>
      this.fileError(
        file,
        'FileTooLarge',
        `is ${formatBytes(size)}, more than the ${formatBytes(max)} the command reads; check that it is the file you meant`,
      );
    let content: Uint8Array | string;
    try {
      if (file !== STDIN && this.io.stat) {
        const st = this.io.stat(file);
        if (st.isDirectory) {
          this.fileError(file, 'NotAFile', `is a directory; give the manifest files in it, e.g. ${joinPath(file, '*.yaml')}`);
          return undefined;
        }
        if (st.size > max) {
          tooLarge(st.size);
          return undefined;
        }
      }
      content = file === STDIN ? this.io.readStdin() : this.io.readFile(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') this.fileError(file, 'NotAFile', `is a directory; give the manifest files in it, e.g. ${joinPath(file, '*.yaml')}`);
      else this.fileError(file, 'FileNotReadable', `cannot read the file: ${firstLine(e)}`);
      return undefined;
    }
    const size = typeof content === 'string' ? content.length : content.byteLength;
    if (size > max) {
      tooLarge(size);
      return undefined;
    }
    let text: string;
    if (typeof content === 'string') {
      text = content;
    } else {
      const utf16 = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
      const nulByte = utf16 ? -1 : content.indexOf(0);
      if (nulByte >= 0) {
        this.fileError(file, 'BinaryFile', `holds a NUL byte (at byte offset ${nulByte}): a binary file, not YAML or JSON`);
        return undefined;
      }
      const decoded = decodeUtf8(content);
      if (typeof decoded !== 'string') {
        this.fileError(file, 'InvalidUtf8', `is not UTF-8 text: ${decoded.problem}; save it as UTF-8 (YAML and JSON manifests are UTF-8)`);
        return undefined;
      }
      text = decoded;
    }
    // Bytes were searched for NUL above; a string given as it is still may hold one.
    const nul = typeof content === 'string' ? text.indexOf('\u0000') : -1;
    if (nul >= 0) {
      this.fileError(file, 'BinaryFile', `holds a NUL byte (at character ${nul}): a binary file, not YAML or JSON`);
      return undefined;
    }
    return text;
  }

  /**
   * The documents of `file` as values, each (a `kind: List`'s items too) with the position of a field on demand. Plain block
   * YAML is read by the fast reader (fast-yaml.ts) and a document's positions parsed only when a message needs one;
   * anything else by the `yaml` library, which also reports the problems.
   */
  public readValues(file: string): Omit<InputDocument, 'file'>[] {
    const text = this.readText(file);
    if (text === undefined) return [];
    try {
      // A `.json` file is JSON: YAML would accept a trailing comma or a comment in it.
      if (JSON_FILE.test(file) && nestingDepth(text, MAX_NESTING_DEPTH) === undefined) {
        const json = this.readJsonFile(file, text);
        return json === undefined ? [] : fastValues(text, [{ index: 0, value: json.value, startLine: 0, endLine: Infinity }]);
      }
      // The fast YAML reader checks nesting itself, only on what it leaves to js-yaml (a cluster dump: nothing).
      const fast = jsonDocument(text) ?? fastYamlDocuments(text);
      if (fast !== undefined) return fastValues(text, fast);
      return (this.parseText(file, text)?.documents ?? []).map((p) => ({
        index: p.index,
        value: p.value,
        locate: (f: string) => locate(p.doc, p.lines, f),
      }));
    } catch (e) {
      this.fileError(file, 'InputNotProcessable', `cannot process the file: ${firstLine(e)}`);
      return [];
    }
  }

  /** The file's documents, or undefined when it holds none to check (the reason is reported). */
  public parseText(file: string, text: string): { documents: ParsedDocument[]; syntaxErrors: boolean } | undefined {
    if (this.tooDeep(file, text)) return undefined;
    if (JSON_FILE.test(file) && this.readJsonFile(file, text) === undefined) return undefined;
    const lines = new (yaml().LineCounter)();
    const parsed: ParsedDocument[] = [];
    // How many more documents the Lists so far held than their own count: later documents are numbered after their items.
    let shift = 0;
    const docs = yaml().parseAllDocuments(text, { lineCounter: lines, logLevel: YAML_LOG_LEVEL });
    if (docs.length === 0) {
      this.add({
        file,
        severity: Severity.WARNING,
        field: '(file)',
        code: 'NoDocuments',
        message: 'the file holds no YAML documents; check that it is the file you meant',
      });
      return undefined;
    }
    let syntaxErrors = this.reportSyntaxErrors(file, docs);
    docs.forEach((doc, index) => {
      if (doc.errors.length > 0) return;
      const read = this.documentValue(file, doc, index, lines);
      if (read === undefined) {
        syntaxErrors = true;
        return;
      }
      const { value } = read;
      // An empty document (a stray `---`, comments only) holds nothing to check.
      if (value === null || value === undefined) return;
      const items = listEntries(value);
      if (items === undefined) {
        parsed.push({ index: index + shift, value, doc, lines });
        return;
      }
      // `kubectl get ... -o yaml` prints one `kind: List`: each item is a document, numbered on from the List's.
      items.forEach((item, k) =>
        parsed.push({ index: index + shift + k, value: item.value, doc: itemDocument(doc.getIn(item.path, true), item.value), lines }),
      );
      shift += items.length - 1;
    });
    return { documents: parsed, syntaxErrors };
  }

  /** True after reporting NestingTooDeep when the text nests deeper than MAX_NESTING_DEPTH. */
  private tooDeep(file: string, text: string): boolean {
    const depth = nestingDepth(text, MAX_NESTING_DEPTH);
    if (depth !== undefined) {
      // nestingDepth stops at a flow collection (`[`, `{`) past the limit, or at a block indentation past its columns.
      const block = text.split('\n', depth.line)[depth.line - 1]?.[depth.column - 1] === ' ';
      const what = block
        ? `indents block collections more than ${MAX_NESTING_DEPTH * BLOCK_COLUMNS_PER_LEVEL} columns`
        : `nests flow collections ([ and {) more than ${MAX_NESTING_DEPTH} deep`;
      this.fileError(file, 'NestingTooDeep', `${what} (at line ${depth.line}); Karpenter manifests nest about 10 deep`, depth);
      return true;
    }
    return false;
  }

  /** True after reporting the file's first YAML syntax error (one line per file, counting the rest). */
  private reportSyntaxErrors(file: string, docs: readonly Document[]): boolean {
    // One line per file for syntax errors: the first is what to fix; the rest often follow from it.
    const allErrors = docs.flatMap((doc, index) => doc.errors.map((e) => ({ e, index })));
    if (allErrors.length > 0) {
      const { e, index } = allErrors[0];
      const [line, column] = e.linePos?.[0] ? [e.linePos[0].line, e.linePos[0].col] : [undefined, undefined];
      const more = allErrors.length > 1 ? ` (and ${allErrors.length - 1} more syntax error${allErrors.length === 2 ? '' : 's'})` : '';
      const deep = e.code === 'RESOURCE_EXHAUSTION' || /call stack/i.test(e.message);
      this.add({
        file,
        document: index,
        severity: Severity.ERROR,
        field: '(document)',
        code: deep ? 'NestingTooDeep' : 'YamlSyntaxError',
        message: deep
          ? 'nests collections too deeply for the YAML parser; Karpenter manifests nest about 10 deep'
          : `${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')} [${e.code}]${more}`,
        line,
        column,
      });
    }
    return allErrors.length > 0;
  }

  /** A parsed document's value, or undefined after reporting why it cannot be read (an alias bomb). */
  private documentValue(file: string, doc: Document, index: number, lines: LineCounter): { readonly value: unknown } | undefined {
    try {
      const added = aliasExpansion(doc);
      if (added > MAX_ALIAS_EXPANSION) throw new ReferenceError('alias expansion');
      return { value: doc.toJS({ maxAliasCount: -1 }) };
    } catch (e) {
      const aliases = e instanceof ReferenceError && /alias/i.test(e.message);
      const pos = docPosition(doc, lines);
      this.add({
        file,
        document: index,
        severity: Severity.ERROR,
        field: '(document)',
        code: aliases ? 'YamlAliasLimit' : 'YamlSyntaxError',
        message: aliases
          ? `YAML aliases expand to too many nodes (more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} added, or an alias ` +
            'inside its own anchor; an "alias bomb"?); ' +
            'write the values out instead of using aliases'
          : `cannot read the document: ${firstLine(e)}`,
        line: pos?.line,
        column: pos?.column,
      });
      return undefined;
    }
  }

  /** A `.json` file's value, or undefined after reporting its syntax error (JsonSyntaxError, with its line and column). */
  private readJsonFile(file: string, text: string): { readonly value: unknown } | undefined {
    const json = readJson(text);
    if ('value' in json) return json;
    this.fileError(file, 'JsonSyntaxError', `is not valid JSON: ${json.error}; a .json file is read as JSON`, json.at);
    return undefined;
  }

  public fileError(file: string, code: string, message: string, pos?: Position): void {
    this.add({ file, severity: Severity.ERROR, field: '(file)', code, message, line: pos?.line, column: pos?.column });
  }
}

/**
 * How many nodes the document's aliases add when expanded (Infinity for an alias inside its own anchor), counted on the
 * node tree in one pass: each anchored node's size is kept, and an alias counts the size of the last anchor before it.
 */
export function aliasExpansion(doc: Document): number {
  const { isAlias, isMap, isNode, isPair, isSeq } = yaml();
  const anchors = new Map<string, unknown>();
  const sizes = new Map<unknown, number>();
  let added = 0;
  const size = (node: unknown): number => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined) return 1;
      const n = sizes.get(target) ?? Infinity; // not sized yet: the alias is inside its own anchor
      added += n;
      return n;
    }
    if (isNode(node) && node.anchor) anchors.set(node.anchor, node);
    let n = 1;
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items) n += isPair(item) ? size(item.key) + size(item.value) : size(item);
    }
    sizes.set(node, n);
    return n;
  };
  size(doc.contents);
  return added;
}

/**
 * A JSON file (`kubectl ... -o json`, a cdk.tf.json) as its one document, or undefined when the text is not JSON. JSON is
 * YAML with the same values; only a duplicate key differs (the last wins here, as in kubectl; `yaml` reports it).
 */
function jsonDocument(text: string): FastDocument[] | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  if (nestingDepth(text, MAX_NESTING_DEPTH) !== undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return [{ index: 0, value, startLine: 0, endLine: Infinity }];
  } catch {
    return undefined;
  }
}

/** The values of fast-read documents, Lists expanded as `parseText` does; positions parse the document's lines when asked. */
function fastValues(text: string, docs: readonly FastDocument[]): Omit<InputDocument, 'file'>[] {
  let lines: string[] | undefined;
  const out: Omit<InputDocument, 'file'>[] = [];
  let shift = 0;
  for (const d of docs) {
    if (d.value === null || d.value === undefined) continue;
    let parsed: { doc: Document; lines: LineCounter } | undefined;
    const at = (prefix: readonly (string | number)[], field: string): Position | undefined => {
      if (parsed === undefined) {
        lines ??= text.split('\n');
        const counter = new (yaml().LineCounter)();
        parsed = {
          doc: yaml().parseDocument(lines.slice(d.startLine, d.endLine).join('\n'), { lineCounter: counter, logLevel: YAML_LOG_LEVEL }),
          lines: counter,
        };
      }
      const p = locate(parsed.doc, parsed.lines, field, prefix);
      return p && { line: p.line + d.startLine, column: p.column };
    };
    const items = listEntries(d.value);
    if (items === undefined) out.push({ index: d.index + shift, value: d.value, locate: (field) => at([], field) });
    else {
      items.forEach((item, k) => out.push({ index: d.index + shift + k, value: item.value, locate: (field) => at(item.path, field) }));
      shift += items.length - 1;
    }
  }
  return out;
}

/** Line and column of `field` (`spec.a[2].b`, `tags["x/y"]`), of its nearest existing parent, or of the document. */
export function locate(doc: Document, lines: LineCounter, field: string, prefix: readonly (string | number)[] = []): Position | undefined {
  const path = [...prefix, ...parseField(field)];
  for (let n = path.length; n > 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      const p = lines.linePos(node.range[0]);
      return { line: p.line, column: p.col };
    }
  }
  return docPosition(doc, lines);
}

/** Where the document's content starts. */
function docPosition(doc: Document, lines: LineCounter): Position | undefined {
  const range = (doc.contents as { range?: [number, number, number] } | null)?.range;
  if (!range) return undefined;
  const p = lines.linePos(range[0]);
  return { line: p.line, column: p.col };
}

/**
 * The text of `bytes`, decoded once, or why they are not UTF-8: UTF-16 (a common Windows editor default) or the offset
 * of the first bad byte.
 */
function decodeUtf8(bytes: Uint8Array): string | { readonly problem: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { problem: 'it starts with a UTF-16 byte order mark' };
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: invalidUtf8At(bytes) };
  }
}

/** Where the first invalid UTF-8 sequence of `bytes` starts, as a phrase. */
function invalidUtf8At(bytes: Uint8Array): string {
  // Find the first invalid sequence by growing a valid prefix (a fatal decoder names no offset).
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (decodesAsPrefix(bytes.subarray(0, mid + 1))) lo = mid + 1;
    else hi = mid;
  }
  // `lo` is where the decoder noticed; a truncated sequence starts at its lead byte before that.
  let start = lo;
  for (let k = 1; k <= 3 && lo - k >= 0; k++) {
    const b = bytes[lo - k];
    if (b >= 0xc0) {
      start = lo - k;
      break;
    }
    if (b < 0x80 || b > 0xbf) break;
  }
  return `invalid byte 0x${(bytes[start] ?? 0).toString(16).padStart(2, '0')} at byte offset ${start}`;
}

/** True when `bytes` is valid UTF-8, allowing it to end in the middle of a character. */
function decodesAsPrefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function firstLine(e: unknown): string {
  // Not `instanceof Error`: errors from another realm (a vm, jest) are errors too.
  const m = (e as { message?: unknown } | null)?.message;
  const message = typeof m === 'string' ? m : String(e);
  return message.split('\n')[0];
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
}

function parseField(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(field)) !== null) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}
