// `validate`'s command line: its usage text and options.
import { KARPENTER_RELEASE } from '../../core/controller/release';
import { PROGRAM, STDIN } from '../command-io';
import { ParsedOption, scanArgs, UsageError } from '../args';

export const VALIDATE_USAGE = `Usage: ${PROGRAM} validate [options] <file|dir...>

Checks Karpenter v1 NodePool (karpenter.sh/v1) and EC2NodeClass (karpenter.k8s.aws/v1)
manifests against the schema and rules of the Karpenter ${KARPENTER_RELEASE.crdVersion} CRDs, offline. Files are YAML or JSON and
may hold several documents; '-' reads standard input; a directory stands for the *.yaml,
*.yml and *.json files under it (sorted; hidden entries such as .git, and node_modules and
cdktf.out folders are skipped unless named; a document there without apiVersion and kind,
such as package.json, is skipped too). Each problem is printed as
  <file>:<line>:<column>: <severity> <kind>/<name> <field>: <message> (<code>)
with the position of the field (or of its nearest parent) in the file; <file>#<document>
(counted from 0) replaces the position where there is none (migrated documents). A kubectl
List (up to 64 MiB) is read item by item, and a synthesized cdktf stack (cdk.tf.json) for its
kubernetes_manifest objects. Documents of other API groups (a Deployment in a bundle) and
NodeClaims are not checked: one note line counts them. A status is expected on an object read
from a cluster (with metadata.uid or resourceVersion) and a StatusIgnored warning otherwise.

Options:
  --strict                  exit 1 on warnings too
  --silence CODE[,CODE]     do not report these warning codes (may be repeated); an unknown
                            code is reported as a warning (UnknownSilenceCode)
  --fail-on-other-kinds     report documents of other API groups as errors instead of skipping
  --same-cluster            the files are applied to one cluster: a NodePool or EC2NodeClass
                            name declared in two files is an error (DuplicateName); without it
                            that is a warning (overlays for different clusters share names), and
                            only a name declared twice in one file is an error
  --ignore-filename-pattern REGEX
                            leave out the files of a directory walk whose path matches REGEX
                            (may be repeated; as kubeconform's -ignore-filename-pattern)
  --json                    print one JSON object instead of text
  --migrate                 convert v1beta1 / v1alpha5 manifests (Provisioner, AWSNodeTemplate)
                            to v1 first, print what changed, then validate the result
  --role <name>             with --migrate: node IAM role for AWSNodeTemplates without an
                            instanceProfile (v1 EC2NodeClasses need a role or a profile)
  --write-migrated <dir>    with --migrate: write the v1 YAML of each input to <dir>/<file name>
  --output <file>           with --migrate: write all v1 YAML to <file>; '-' writes it to
                            standard output (messages then go to standard error)
  -h, --help                show this help

Exit status: 0 no errors; 1 errors (or warnings with --strict) in the manifests; 2 bad command
line, or an input that cannot be read as manifests: unreadable, oversized, malformed YAML or
JSON (a .json file is read as JSON), a document that is not an object (each such file is one
error line, and the other files are still checked and reported).
`;

/** The parsed options of one `validate` run. */
export interface Options {
  readonly files: string[];
  readonly strict: boolean;
  readonly json: boolean;
  readonly migrate: boolean;
  readonly silence: string[];
  readonly failOnOtherKinds: boolean;
  /** The files are applied to one cluster: a name in two files is an error, not a warning. */
  readonly sameCluster: boolean;
  /** `--ignore-filename-pattern`: files of a directory walk left out. */
  readonly ignore: RegExp[];
  readonly writeMigrated?: string;
  readonly output?: string;
  readonly role?: string;
}

export function parseArgs(args: readonly string[]): Options | 'help' {
  const silence: string[] = [];
  let strict = false;
  let json = false;
  let migrate = false;
  let failOnOtherKinds = false;
  let sameCluster = false;
  let writeMigrated: string | undefined;
  let output: string | undefined;
  let role: string | undefined;
  const ignore: RegExp[] = [];
  const scanned = scanArgs(args, (o): 'help' | undefined => {
    switch (o.flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--strict':
        o.noValue();
        strict = true;
        break;
      case '--json':
        o.noValue();
        json = true;
        break;
      case '--migrate':
        o.noValue();
        migrate = true;
        break;
      case '--fail-on-other-kinds':
        o.noValue();
        failOnOtherKinds = true;
        break;
      case '--same-cluster':
        o.noValue();
        sameCluster = true;
        break;
      case '--silence':
        silence.push(...silenceCodes(o));
        break;
      case '--ignore-filename-pattern':
        ignore.push(filenamePattern(o));
        break;
      case '--write-migrated':
        writeMigrated = o.value();
        break;
      case '--output':
        output = o.value();
        break;
      case '--role':
        role = o.value();
        break;
      default:
        throw new UsageError(`unknown option '${o.arg}'`);
    }
    return undefined;
  });
  if (scanned === 'help') return 'help';
  const { files } = scanned;
  if ((writeMigrated !== undefined || output !== undefined) && !migrate) {
    throw new UsageError(`${writeMigrated !== undefined ? '--write-migrated' : '--output'} writes migrated manifests and needs --migrate`);
  }
  if (role !== undefined && !migrate) throw new UsageError('--role is used when migrating AWSNodeTemplates and needs --migrate');
  if (json && output === STDIN) throw new UsageError("--json and '--output -' both write to standard output; write the YAML to a file instead");
  const clash = writeMigrated !== undefined ? outputCollision(files, writeMigrated) : undefined;
  if (clash !== undefined) throw new UsageError(clash);
  return { files, strict, json, migrate, silence, failOnOtherKinds, sameCluster, ignore, writeMigrated, output, role };
}

/** The codes of one `--silence` option: one or more, comma-separated. */
function silenceCodes(o: ParsedOption): string[] {
  const codes = o
    .value()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (codes.length === 0)
    throw new UsageError("option '--silence' needs one or more codes, e.g. --silence NodePoolWithoutLimits (only warnings can be silenced)");
  return codes;
}

/** The regular expression of one `--ignore-filename-pattern` option. */
function filenamePattern(o: ParsedOption): RegExp {
  const pattern = o.value(`option '--ignore-filename-pattern' needs a regular expression, e.g. '/examples/'`);
  try {
    return new RegExp(pattern);
  } catch (e) {
    throw new UsageError(`option '--ignore-filename-pattern' takes a regular expression: ${(e as Error).message}`);
  }
}

/** Why `--write-migrated` cannot write `files` into `dir` (two with one base name), or undefined. */
export function outputCollision(files: readonly string[], dir: string): string | undefined {
  const seen = new Map<string, string>();
  for (const f of files) {
    const base = outputName(f);
    const other = seen.get(base);
    if (other !== undefined) return `'${other}' and '${f}' would both be written to ${base} in ${dir}; migrate them separately`;
    seen.set(base, f);
  }
  return undefined;
}

export function outputName(file: string): string {
  if (file === STDIN) return 'stdin.yaml';
  const base = file.split(/[\\/]/).pop() ?? file;
  return base === '' ? 'manifest.yaml' : base;
}
