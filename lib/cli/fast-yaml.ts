// The fast path for large YAML inputs (`kubectl get -o yaml` of a whole cluster): js-yaml reads a document about
// ten times faster than the `yaml` library, which the CLI keeps for positions and error reports. js-yaml reads with
// its YAML 1.2 core schema; what the two could read differently (anchors and aliases, tags, complex keys,
// directives, binary integers) is declined here, and then the caller reads the file with `yaml`.
// test/cli/fast-yaml.test.ts compares the two on the repository's files and on generated and mutated documents.
import { CORE_SCHEMA, load } from 'js-yaml';

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

/** The documents of `text`, or undefined when the fast path declines it (or holds no document). */
export function fastYamlDocuments(text: string): FastDocument[] | undefined {
  if (text.charCodeAt(0) === 0xfeff || DECLINED.some((d) => d.test(text))) return undefined;
  const lines = text.split('\n');
  if (lines.some(oddQuotes)) return undefined;
  const chunks: { start: number; end: number; marked: boolean }[] = [];
  let start = 0;
  let marked = false;
  lines.forEach((line, i) => {
    if (!MARKER.test(line.replace(/\r$/, ''))) return;
    chunks.push({ start, end: i, marked });
    start = i + 1;
    marked = true;
  });
  chunks.push({ start, end: lines.length, marked });
  const out: FastDocument[] = [];
  for (const c of chunks) {
    const body = lines.slice(c.start, c.end).join('\n');
    // Before the first marker, comments alone make no document (`yaml` keeps them as the next one's comment).
    const blank = !/^[ \t]*[^\s#]/m.test(body);
    if (blank && !c.marked) continue;
    let value: unknown;
    try {
      value = blank ? null : load(body, { schema: CORE_SCHEMA });
    } catch {
      return undefined;
    }
    out.push({ index: out.length, value: value === undefined ? null : value, startLine: c.start, endLine: c.end });
  }
  return out.length === 0 ? undefined : out;
}
