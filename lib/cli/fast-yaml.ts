// The fast path for large YAML inputs (`kubectl get -o yaml` of a whole cluster). Each document is read by the block
// reader (block-yaml.ts) when it is in kubectl's subset, else by js-yaml, about ten times faster than the `yaml`
// library, which the CLI keeps for positions and error reports. Both read with the core schema; what js-yaml and `yaml`
// could read differently (anchors and aliases, tags, complex keys, directives, signed or binary integers) is declined
// here, and then the caller reads the file with `yaml`. test/cli/fast-yaml.test.ts compares the fast path with `yaml`
// on the repository's files and on generated and mutated documents.
import { CORE_SCHEMA, load } from 'js-yaml';
import { BLOCK_YAML_DECLINED, blockYamlCandidate, readBlockYaml } from './block-yaml';
import { MAX_NESTING_DEPTH, nestingDepth } from './nesting-depth';

/** One document of a file: its value and the lines it spans (0-based, end exclusive), for positions on demand. */
export interface FastDocument {
  /** Index among the file's documents, as `yaml`'s `parseAllDocuments` counts them. */
  readonly index: number;
  readonly value: unknown;
  readonly startLine: number;
  readonly endLine: number;
}

/** A document marker line: `---`, alone or before a comment. */
const MARKER = /^---[ \t]*(#.*)?$/;
/** What js-yaml and `yaml` may read differently, or what `yaml` guards against (alias bombs): left to `yaml`. */
const DECLINED = [
  /^(---|\.\.\.)[ \t]*\S/m, // content on a marker line, document end markers
  /^\.\.\.\s*$/m,
  /^%/m, // directives
  /(^|[\s[{,:-])[&*!]\S/m, // anchors, aliases, tags
  /^[ \t-]*\?(\s|$)/m, // complex keys
  /(^|[\s[{,:-])[-+]?0b[01_]+\s*(#.*)?$/m, // binary integers (not core schema)
  /(^|[\s[{,:])[-+](0[xo]|\.[0-9])/m, // signed hex and octal (js-yaml: numbers), `-.5` (js-yaml: a string)
];

/**
 * A quoted scalar that goes on to the next line: js-yaml takes continuation lines `yaml` rejects as too little
 * indented. A line with an odd count of either quote (escaped ones aside) is declined; so is a plain `it's`.
 */
function oddQuotes(line: string): boolean {
  // Most lines of a cluster dump hold no quote: no string is built for them. Dropping `''` pairs keeps the parity.
  if (!line.includes('"') && !line.includes("'")) return false;
  const bare = line.includes('\\') ? line.replace(/\\./g, '') : line;
  let double = 0;
  let single = 0;
  for (let i = 0; i < bare.length; i++) {
    const c = bare.charCodeAt(i);
    if (c === 34) double++;
    else if (c === 39) single++;
  }
  return double % 2 === 1 || single % 2 === 1;
}

/** One document's text: `text[start, end)`, lines `startLine` to `endLine` (exclusive), after a `---` line or not. */
interface Chunk {
  readonly start: number;
  readonly end: number;
  readonly startLine: number;
  readonly endLine: number;
  readonly marked: boolean;
}

/** The documents of `text`, or undefined when the fast path declines it (or holds no document). */
export function fastYamlDocuments(text: string): FastDocument[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const block = blockYamlCandidate(text);
  const out: FastDocument[] = [];
  for (const c of documentChunks(text)) {
    const body = text.slice(c.start, c.end);
    // Before the first marker, comments alone make no document (`yaml` keeps them as the next one's comment).
    const blank = !/^[ \t]*[^\s#]/m.test(body);
    if (blank && !c.marked) continue;
    let value: unknown = blank ? null : block ? readBlockYaml(text, c.start, c.end, jsYamlDocument) : BLOCK_YAML_DECLINED;
    if (value === BLOCK_YAML_DECLINED) {
      value = jsYamlDocument(body);
      if (value === BLOCK_YAML_DECLINED) return undefined;
    }
    out.push({ index: out.length, value: value === undefined ? null : value, startLine: c.startLine, endLine: c.endLine });
  }
  return out.length === 0 ? undefined : out;
}

/** One document read by js-yaml, or BLOCK_YAML_DECLINED when `yaml` should read the file (and report what is wrong). */
function jsYamlDocument(body: string): unknown {
  // js-yaml recurses: nesting past the limit is left to the caller, which reports it.
  if (nestingDepth(body, MAX_NESTING_DEPTH) !== undefined) return BLOCK_YAML_DECLINED;
  if (DECLINED.some((d) => d.test(body)) || body.split('\n').some(oddQuotes)) return BLOCK_YAML_DECLINED;
  try {
    return load(body, { schema: CORE_SCHEMA });
  } catch {
    return BLOCK_YAML_DECLINED;
  }
}

/**
 * The documents of `text` between `---` marker lines. Markers are found with indexOf (a cluster dump holds one
 * document and no marker); lines are counted only up to the last marker, the last document ending at Infinity.
 */
function documentChunks(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let startLine = 0;
  let marked = false;
  let counted = 0;
  let line = 0;
  for (let at = text.indexOf('---'); at >= 0; at = text.indexOf('---', at + 3)) {
    if (at > 0 && text.charCodeAt(at - 1) !== 10) continue;
    let eol = text.indexOf('\n', at);
    if (eol < 0) eol = text.length;
    if (!MARKER.test(text.slice(at, eol).replace(/\r$/, ''))) continue;
    for (let nl = text.indexOf('\n', counted); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1)) line++;
    counted = at;
    chunks.push({ start, end: at, startLine, endLine: line, marked });
    start = eol + 1;
    startLine = line + 1;
    marked = true;
  }
  chunks.push({ start: Math.min(start, text.length), end: text.length, startLine, endLine: Infinity, marked });
  return chunks;
}
