// `explain`'s command line: its usage text and options.
import { PROGRAM } from '../command-io';
import { scanArgs, UsageError } from '../args';

export const EXPLAIN_USAGE = `Usage: ${PROGRAM} explain [options] <file...>

Simulates Karpenter 1.14 provisioning offline: which instance types each NodePool can launch
with its EC2NodeClass, which NodeClaims the pending pods would get (pool, zone, capacity type,
instance type and its on-demand price) or why they would stay pending, on the catalog of 1,363
EC2 instance types. It runs batches until the cluster settles: each batch's NodeClaims launch
(at their cheapest priced type), and the pods still pending go into the next batch.

Files are YAML or JSON (up to 64 MiB each), may hold several documents ('-' reads standard
input), and may mix NodePools, EC2NodeClasses, Pods, Deployments, StatefulSets, ReplicaSets,
Jobs, CronJobs and DaemonSets (overhead on every node they run on). The running cluster counts
too: Nodes, NodeClaims, Namespaces, LimitRanges, RuntimeClasses, HorizontalPodAutoscalers, and
Pods bound to a node (spec.nodeName), as 'kubectl get nodepools,ec2nodeclasses,daemonsets,
nodes,pods -A -o yaml' prints them (kind: List); only pending, unbound pods are simulated.
A synthesized cdktf stack (cdktf.out/stacks/<stack>/cdk.tf.json) is read too: its
kubernetes_manifest resources. Other documents are skipped with a note. Each NodePool also gets the checks
'validate' and synth run (with its EC2NodeClass when the input has it); their findings are
printed with the other problems.

Options:
  --zones ZONE[,ZONE]   the zones of the cluster's subnets, for every NodePool (default: its
                        EC2NodeClass's status.subnets, else any zone a requirement names)
  --rounds N            run at most N batches (default: until a batch launches nothing, at most
                        100); --rounds 1 is one Karpenter batch, with each NodeClaim's options
  -o, --output FORMAT   text (default); wide: also every NodeClaim, every pending reason and a
                        row per pod, long text wrapped instead of cut; json: as --json
  --json                print the result as JSON (problems and notes go to standard error)
  -q, --quiet           leave out the assumptions (text output)
  -h, --help            show this help

Exit status: 0 every pod schedulable and every NodePool admits an instance type; 1 a pod
would stay pending, a NodePool admits nothing or has an error, or the simulator found an
error in an input object; 2 bad command line or input explain cannot use (e.g. a missing
file, YAML or JSON that does not parse, a document that is not an object, no NodePools and
no Nodes given): then only the error is printed. A .json file is read as JSON. A closed
output pipe ends the command quietly.
`;

/** The parsed options of one `explain` run. */
export interface ExplainOptions {
  readonly files: string[];
  readonly json: boolean;
  readonly wide: boolean;
  readonly quiet: boolean;
  readonly zones?: string[];
  readonly rounds: number | 'settle';
}

const ZONES_NEEDED = "option '--zones' needs one or more zones, e.g. --zones us-east-1a,us-east-1b";
const ROUNDS_NEEDED = "option '--rounds' takes a positive whole number of batches, e.g. --rounds 1";
const FORMATS = ['text', 'wide', 'json'];

/** `explain`'s options from its arguments, or 'help'; a bad command line throws a UsageError. */
export function parseExplainArgs(args: readonly string[]): ExplainOptions | 'help' {
  let json = false;
  let wide = false;
  let quiet = false;
  let zones: string[] | undefined;
  let rounds: number | 'settle' = 'settle';
  const scanned = scanArgs(args, (o): 'help' | undefined => {
    switch (o.flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--json':
        o.noValue();
        json = true;
        break;
      case '-q':
      case '--quiet':
        o.noValue();
        quiet = true;
        break;
      case '-o':
      case '--output': {
        const format = o.value(`option '${o.flag}' needs a format: ${FORMATS.join(', ')}`);
        if (!FORMATS.includes(format)) throw new UsageError(`option '${o.flag}' takes ${FORMATS.join(', ')}, not '${format}'`);
        json = format === 'json' || json;
        wide = format === 'wide';
        break;
      }
      case '--rounds': {
        const value = o.value(ROUNDS_NEEDED);
        if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`${ROUNDS_NEEDED}, not '${value}'`);
        rounds = Number(value);
        break;
      }
      case '--zones': {
        const value = o.value(ZONES_NEEDED);
        const list = value
          .split(',')
          .map((z) => z.trim())
          .filter((z) => z !== '');
        if (value.startsWith('-') || list.length === 0) throw new UsageError(ZONES_NEEDED);
        zones = [...(zones ?? []), ...list];
        break;
      }
      default:
        throw new UsageError(`unknown option '${o.arg}'`);
    }
    return undefined;
  });
  if (scanned === 'help') return 'help';
  const { files } = scanned;
  if (json && wide) throw new UsageError("'-o wide' is a text format; it does not go with --json");
  return { files, json, wide, quiet, zones, rounds };
}
