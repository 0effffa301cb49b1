// kubectl's `kind: List` (what `kubectl get ... -o yaml` prints): its items, each read as a document of its own.
import type { Document } from 'yaml';
import { yaml } from '../core/model/yaml';

/** The items of a `kind: List` (or `<Kind>List`, as the API server lists a kind) with an `items` array; else undefined. */
export function listItems(value: unknown): readonly unknown[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { kind, items } = value as { kind?: unknown; items?: unknown };
  if (typeof kind !== 'string' || !kind.endsWith('List') || !Array.isArray(items)) return undefined;
  return items;
}

/** How deep Lists inside Lists are flattened; deeper ones are documents of their own (and checked as such). */
export const MAX_LIST_DEPTH = 16;

/**
 * The objects of a List, with the path of each in the document: a List among the items is flattened in its place, as
 * kubectl's `meta.ExtractList` flattens nested Lists, down to `MAX_LIST_DEPTH`. Undefined when `value` is no List.
 */
export function listEntries(value: unknown): { readonly path: (string | number)[]; readonly value: unknown }[] | undefined {
  if (listItems(value) === undefined) return undefined;
  const out: { path: (string | number)[]; value: unknown }[] = [];
  const walk = (v: unknown, path: (string | number)[], depth: number): void => {
    const items = depth < MAX_LIST_DEPTH ? listItems(v) : undefined;
    if (items === undefined) out.push({ path, value: v });
    else items.forEach((item, k) => walk(item, [...path, 'items', k], depth + 1));
  };
  walk(value, [], 0);
  return out;
}

/** A document of one List item: its node from the List (positions in the file stay right), or its value alone. */
export function itemDocument(node: unknown, value: unknown): Document {
  const { Document, isNode } = yaml();
  if (!isNode(node)) return new Document(value);
  const doc = new Document();
  doc.contents = node;
  return doc;
}
