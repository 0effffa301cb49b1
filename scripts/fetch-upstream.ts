// `npm run fetch-upstream`: downloads, for the pinned Karpenter version, the four CRDs and the
// karpenter chart's values.yaml from the release branch of github.com/aws/karpenter-provider-aws
// into .upstream/<version>/ (gitignored), and checks the image the values pin against
// lib/core/controller/release.ts. The CRD conformance tests and the Helm values keys test use them
// when ../shared is not beside the clone. Needs network access; nothing else does.
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { KARPENTER_RELEASE, releaseBranch } from '../lib/core/controller/release';

/** Upstream repository the files come from. */
export const UPSTREAM_REPOSITORY = 'aws/karpenter-provider-aws';
/** CRD files of `pkg/apis/crds/`, as the release tags them. */
export const CRD_FILES: readonly string[] = [
  'karpenter.sh_nodepools.yaml',
  'karpenter.sh_nodeclaims.yaml',
  'karpenter.k8s.aws_ec2nodeclasses.yaml',
  'karpenter.sh_nodeoverlays.yaml',
];
/** Folder, relative to the repository root, that downloads go to. */
export const UPSTREAM_DIR = '.upstream';

/** One file to download: where from, and where to, relative to the repository root. */
export interface UpstreamFile {
  readonly url: string;
  readonly target: string;
}

/**
 * The files of `version` (a chart version like `1.14.1`): the CRDs and the chart's values.yaml, from
 * the release branch (`releaseBranch`), which holds what was published; the tag and the default
 * branch can carry another release's chart values.
 */
export function upstreamFiles(version: string): UpstreamFile[] {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`version must be MAJOR.MINOR.PATCH, e.g. 1.14.1, got '${version}'`);
  const raw = `https://raw.githubusercontent.com/${UPSTREAM_REPOSITORY}/${releaseBranch(version)}`;
  return [
    ...CRD_FILES.map((f) => ({ url: `${raw}/pkg/apis/crds/${f}`, target: path.join(UPSTREAM_DIR, version, 'crds', f) })),
    { url: `${raw}/charts/karpenter/values.yaml`, target: valuesTarget(version) },
  ];
}

function valuesTarget(version: string): string {
  return path.join(UPSTREAM_DIR, version, 'chart', 'values.yaml');
}

/** Directory of the downloaded CRDs of `version` under `root`. */
export function upstreamCrdsDir(root: string, version: string = KARPENTER_RELEASE.crdVersion): string {
  return path.join(root, UPSTREAM_DIR, version, 'crds');
}

/** The downloaded chart values.yaml of `version` under `root`. */
export function upstreamValuesFile(root: string, version: string = KARPENTER_RELEASE.chartVersion): string {
  return path.join(root, valuesTarget(version));
}

/** What `fetchUpstream` needs from the outside world; tests replace it. */
export interface FetchDependencies {
  readonly fetch: (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
  readonly writeFile: (file: string, content: string) => void;
  readonly log: (line: string) => void;
}

const defaultDependencies: FetchDependencies = {
  fetch: (url) => fetch(url),
  writeFile: (file, content) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, 'utf8');
  },
  log: (line) => console.log(line),
};

/**
 * The image a chart values.yaml pins, checked against `KARPENTER_RELEASE` when `version` is the pinned
 * release: a difference throws, naming both. For another version it says what to pass to `KarpenterVersion.of`.
 */
export function checkChartImage(version: string, valuesYaml: string, source: string): string {
  let values: { controller?: { image?: { repository?: unknown; tag?: unknown; digest?: unknown } } } | null;
  try {
    values = parse(valuesYaml);
  } catch (e) {
    throw new Error(`${source} is not YAML: ${(e as Error).message}`);
  }
  const image = values?.controller?.image;
  const found = `${String(image?.repository)}:${String(image?.tag)}@${String(image?.digest)}`;
  if (version !== KARPENTER_RELEASE.version) {
    return `${source} pins ${found}; use KarpenterVersion.of('${version}', { imageDigest: '${String(image?.digest)}' })`;
  }
  const r = KARPENTER_RELEASE;
  const expected = `${r.imageRepository}:${r.imageTag}@${r.imageDigest}`;
  if (found !== expected) {
    throw new Error(
      `${source} pins the controller image ${found}, but lib/core/controller/release.ts (KARPENTER_RELEASE) says ${expected}; ` +
        'update release.ts and test/fixtures/reference from the published release',
    );
  }
  return `${source} pins ${found}, as KARPENTER_RELEASE does`;
}

/**
 * Downloads every file of `version` below `root`; throws on the first failed download, naming the URL,
 * and when the chart values of the pinned release pin another image than `KARPENTER_RELEASE`.
 */
export async function fetchUpstream(root: string, version: string, deps: FetchDependencies = defaultDependencies): Promise<string[]> {
  const written: string[] = [];
  for (const f of upstreamFiles(version)) {
    let res: Awaited<ReturnType<FetchDependencies['fetch']>>;
    try {
      res = await deps.fetch(f.url);
    } catch (e) {
      // Node's fetch says only "fetch failed"; the reason (DNS, refused, offline) is its cause.
      const cause = (e as { cause?: { message?: string } }).cause?.message;
      throw new Error(`GET ${f.url} failed: ${(e as Error).message}${cause ? ` (${cause})` : ''}; this script needs network access to github.com`);
    }
    if (!res.ok) throw new Error(`GET ${f.url} failed with HTTP ${res.status}`);
    const target = path.join(root, f.target);
    const text = await res.text();
    deps.writeFile(target, text);
    deps.log(`${f.url} -> ${path.relative(root, target)}`);
    written.push(target);
    if (f.target === valuesTarget(version)) deps.log(checkChartImage(version, text, f.url));
  }
  return written;
}

if (require.main === module) {
  const version = process.argv[2] ?? KARPENTER_RELEASE.version;
  fetchUpstream(path.resolve(__dirname, '..'), version).then(
    (files) => console.log(`fetched ${files.length} files of Karpenter ${version} into ${UPSTREAM_DIR}/${version}`),
    (e: Error) => {
      console.error(`fetch-upstream: ${e.message}`);
      process.exitCode = 1;
    },
  );
}
