// The CEL environment of the CRD validator: the strings extension plus the parts of the Kubernetes CEL library the
// Karpenter rules use, with Go semantics where @bufbuild/cel's defaults differ.
import { CelScalar, celFunc, celMethod, listType } from '@bufbuild/cel';
import type { CelFunc } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';

// CEL environment: the strings extension plus the parts of the Kubernetes CEL library the
// Karpenter rules use, with Go semantics where @bufbuild/cel's defaults differ.

/** Kubernetes `<string>.find(regex)`: the leftmost-first match, or '' when there is none. */
export function k8sFind(s: string, regex: string): string {
  return k8sFindAll(s, regex, 1)[0] ?? '';
}

/** Kubernetes `<string>.findAll(regex, limit)`: successive non-overlapping matches (Go FindAllString). */
export function k8sFindAll(s: string, regex: string, limit = -1): string[] {
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(regex); // rejects syntax RE2 (and so Go) does not accept
  } catch (e) {
    throw new Error(`Illegal regex: ${(e as Error).message}`);
  }
  if (limit === 0 || !re2.test(s)) return [];
  // @bufbuild/re2 only answers "does it match"; the match text comes from the JS engine, whose
  // leftmost-first semantics equal RE2's on the RE2 syntax. A disagreement is a harness bug.
  const js = new RegExp(regex, 'gu');
  const out: string[] = [];
  for (const m of s.matchAll(js)) {
    out.push(m[0]);
    if (limit > 0 && out.length >= limit) break;
  }
  if (out.length === 0) throw new Error(`harness: RE2 and JS disagree on /${regex}/ for ${JSON.stringify(s)}`);
  return out;
}

/** CEL `int(string)` as cel-go does it (strconv.ParseInt base 10): no spaces, no '', no 0x. */
export function goParseInt(s: string): bigint {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new Error(`cannot convert ${JSON.stringify(s)} to int`);
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) throw new Error(`int ${s} out of range`);
  return n;
}

export const K8S_FUNCS: CelFunc[] = [
  celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (this: string, re: string) {
    return k8sFind(this, re);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], listType(CelScalar.STRING), function (this: string, re: string) {
    return k8sFindAll(this, re);
  }),
  celMethod(
    'findAll',
    CelScalar.STRING,
    [CelScalar.STRING, CelScalar.INT],
    listType(CelScalar.STRING),
    function (this: string, re: string, n: bigint) {
      return k8sFindAll(this, re, Number(n));
    },
  ),
  celFunc('int', [CelScalar.STRING], CelScalar.INT, (s: string) => goParseInt(s)),
];
