// `npm run fetch-upstream`: downloads, for the pinned Karpenter version, the four CRDs and the
// karpenter chart's values.yaml from github.com/aws/karpenter-provider-aws into
// .upstream/<version>/ (gitignored). The CRD conformance tests and the Helm values key test use
// them when ../shared is not beside the clone. Needs network access; nothing else does.
import * as fs from 'fs';
import * as path from 'path';
import { KarpenterVersion } from '../lib/core/controller/karpenter-version';

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

/** The files of `version` (a chart version like `1.14.1`): the CRDs and the chart's values.yaml. */
export function upstreamFiles(version: string): UpstreamFile[] {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`version must be MAJOR.MINOR.PATCH, e.g. 1.14.1, got '${version}'`);
  const raw = `https://raw.githubusercontent.com/${UPSTREAM_REPOSITORY}/v${version}`;
  return [
    ...CRD_FILES.map((f) => ({ url: `${raw}/pkg/apis/crds/${f}`, target: path.join(UPSTREAM_DIR, version, 'crds', f) })),
    { url: `${raw}/charts/karpenter/values.yaml`, target: path.join(UPSTREAM_DIR, version, 'chart', 'values.yaml') },
  ];
}

/** Directory of the downloaded CRDs of `version` under `root`. */
export function upstreamCrdsDir(root: string, version: string = KarpenterVersion.DEFAULT.chartVersion): string {
  return path.join(root, UPSTREAM_DIR, version, 'crds');
}

/** The downloaded chart values.yaml of `version` under `root`. */
export function upstreamValuesFile(root: string, version: string = KarpenterVersion.DEFAULT.chartVersion): string {
  return path.join(root, UPSTREAM_DIR, version, 'chart', 'values.yaml');
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

/** Downloads every file of `version` below `root`; throws on the first failed download, naming the URL. */
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
    deps.writeFile(target, await res.text());
    deps.log(`${f.url} -> ${path.relative(root, target)}`);
    written.push(target);
  }
  return written;
}

if (require.main === module) {
  const version = process.argv[2] ?? KarpenterVersion.DEFAULT.chartVersion;
  fetchUpstream(path.resolve(__dirname, '..'), version).then(
    (files) => console.log(`fetched ${files.length} files of Karpenter ${version} into ${UPSTREAM_DIR}/${version}`),
    (e: Error) => {
      console.error(`fetch-upstream: ${e.message}`);
      process.exitCode = 1;
    },
  );
}
