// Keeps the comments of YAML input in the migrated YAML: each comment is tied to the path of the
// field it sits on, and follows that field where the migration moved it (the `source` of a change).
// Comments on fields the migration drops are lost with them.
import { Document, isMap, isNode, isScalar, isSeq } from 'yaml';
import { MigrationReport } from './migration-types';

type Path = readonly (string | number)[];

interface FieldComment {
  readonly path: Path;
  /** Comment lines above the field (or list item). */
  readonly before?: string;
  /** Comment at the end of the field's line. */
  readonly after?: string;
}

/** The comments of one input document. */
export interface DocumentComments {
  /** The document's own comment (separated from the content by a blank line). */
  readonly document?: string;
  /** The comment above the first line of the content. */
  readonly head?: string;
  readonly tail?: string;
  readonly fields: readonly FieldComment[];
}

function join(...parts: (string | null | undefined)[]): string | undefined {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.length > 0);
  return kept.length > 0 ? kept.join('\n') : undefined;
}

/** Every comment of `doc`, by the path of the field it belongs to; undefined when there is none. */
export function collectComments(doc: Document): DocumentComments | undefined {
  const fields: FieldComment[] = [];
  let head: string | undefined;
  const add = (path: Path, before: string | undefined, after: string | undefined) => {
    // Above the first line of the document: about the whole document, not about apiVersion.
    if (path.length === 1 && fields.length === 0 && head === undefined && before !== undefined) {
      head = before;
      before = undefined;
    }
    if (before !== undefined || after !== undefined) fields.push({ path, before, after });
  };
  // `inList`: a list item's own comment is the one above its first key, kept on the item.
  const walk = (node: unknown, path: Path, inList = false): void => {
    if (isMap(node)) {
      node.items.forEach((pair, i) => {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (typeof key !== 'string' && typeof key !== 'number') return;
        const at = [...path, String(key)];
        // The parser puts a comment above a map's first key on the map itself.
        add(
          at,
          join(i === 0 && !inList ? node.commentBefore : undefined, isNode(pair.key) ? pair.key.commentBefore : undefined),
          isScalar(pair.value) ? join(pair.value.comment) : undefined,
        );
        walk(pair.value, at);
      });
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const at = [...path, i];
        add(
          at,
          join(i === 0 ? node.commentBefore : undefined, isNode(item) ? item.commentBefore : undefined),
          isScalar(item) ? join(item.comment) : undefined,
        );
        walk(item, at, true);
      });
    }
  };
  walk(doc.contents, []);
  const document = join(doc.commentBefore);
  const tail = join(doc.comment);
  return fields.length > 0 || document !== undefined || head !== undefined || tail !== undefined ? { document, head, tail, fields } : undefined;
}

/** `spec.a[2].b`, `tags[x/y]` as a path. */
function parsePath(field: string): Path {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(field)) !== null) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(/^[0-9]+$/.test(m[2]) ? Number(m[2]) : m[2]);
  }
  return out;
}

/** Where a field of the input ended up in the output the report describes: moved by a change, or where it was. */
function mover(report: MigrationReport): (path: Path) => Path {
  const moves = report.changes
    .filter((c) => c.source !== undefined)
    .map((c) => ({ from: parsePath(c.source!), to: parsePath(c.field) }))
    .sort((a, b) => b.from.length - a.from.length);
  return (path) => {
    const m = moves.find((x) => x.from.length <= path.length && x.from.every((p, i) => p === path[i]));
    return m ? [...m.to, ...path.slice(m.from.length)] : path;
  };
}

/** `manifest` as YAML (as `toYaml` renders it), with the comments of the input document it came from. */
export function yamlWithComments(manifest: object, comments: DocumentComments, report: MigrationReport): string {
  const doc = new Document(manifest, { compat: 'yaml-1.1' });
  const move = mover(report);
  if (comments.document !== undefined) doc.commentBefore = comments.document;
  const first = isMap(doc.contents) ? doc.contents.items[0] : undefined;
  if (comments.head !== undefined && first && isScalar(first.key)) first.key.commentBefore = comments.head;
  if (comments.tail !== undefined) doc.comment = comments.tail;
  for (const c of comments.fields) {
    const to = move(c.path);
    if (to.length === 0) continue;
    if (c.before !== undefined) {
      const parent = to.length === 1 ? doc.contents : doc.getIn(to.slice(0, -1), true);
      const last = to[to.length - 1];
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
        if (pair && isScalar(pair.key)) pair.key.commentBefore = join(pair.key.commentBefore, c.before);
      } else if (isSeq(parent) && typeof last === 'number') {
        const item = parent.items[last];
        if (isNode(item)) item.commentBefore = join(item.commentBefore, c.before);
      }
    }
    if (c.after !== undefined) {
      const node = doc.getIn(to, true);
      if (isScalar(node)) node.comment = join(node.comment, c.after);
    }
  }
  return doc.toString({ lineWidth: 0 });
}
