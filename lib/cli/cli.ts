// `cdktf-karpenter-eks <command>`: the top usage and the one dispatcher, which the bin and the tests run.
// Each command lives in its folder (validate/, explain/, drift/) and is loaded only when it runs: `--help` and
// `validate` never load explain's simulator. What the commands share sits beside this file: the command line
// (args.ts), input and output (command-io.ts), input reading (input-*.ts) and the finding line (issue-format.ts).
import { CommandIo, ExitCode, PROGRAM } from './command-io';
import type { ExplainDependencies } from './explain/explain-command';

export const TOP_USAGE = `Usage: ${PROGRAM} <command> [options]

Commands:
  validate <file|dir...>  check Karpenter NodePool and EC2NodeClass manifests offline
  explain <file...>       which instance types each NodePool can launch, which NodeClaims the
                          pending pods would get, and why a pod would stay pending
  drift --from <old> <new...>
                          which running nodes a change would replace (Karpenter's drift),
                          why, and how many at once the disruption budgets allow

Run '${PROGRAM} <command> --help' for the options and exit status of a command.
`;

/** Runs `cdktf-karpenter-eks <argv...>` (argv without `node` and the script) and returns the exit code. */
export function runCli(argv: readonly string[], io: CommandIo, deps: ExplainDependencies = {}): number {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(TOP_USAGE);
    return ExitCode.USAGE;
  }
  if (command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(TOP_USAGE);
    return ExitCode.OK;
  }
  /* eslint-disable @typescript-eslint/no-require-imports */
  if (command === 'validate')
    return (require('./validate/validate-run') as typeof import('./validate/validate-run')).runValidateCommand(rest, io, deps);
  if (command === 'explain')
    return (require('./explain/explain-command') as typeof import('./explain/explain-command')).runExplainCommand(rest, io, deps);
  if (command === 'drift') return (require('./drift/drift-command') as typeof import('./drift/drift-command')).runDriftCommand(rest, io, deps);
  /* eslint-enable @typescript-eslint/no-require-imports */
  io.stderr.write(`${PROGRAM}: unknown command '${command}'\n\n${TOP_USAGE}`);
  return ExitCode.USAGE;
}
