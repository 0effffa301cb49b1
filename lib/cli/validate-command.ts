// `cdktf-karpenter-eks <command>`: dispatches to a command. The validate command is split into its
// command line (validate-args.ts), safe input reading (input-reader.ts), the run (validate-run.ts) and the
// report (validate-format.ts); `explain` is explain-command.ts. This module keeps the names the bin and the tests import.
import { CommandIo, ExitCode, PROGRAM } from './command-io';
import type { ExplainDependencies } from './explain-command';
import { TOP_USAGE } from './validate-args';
import { runValidateCommand } from './validate-run';

export { ExitCode, PROGRAM, STDIN } from './command-io';
export type { CommandDependencies, CommandIo, FileIssue, FileStat } from './command-io';
export { MAX_INPUT_BYTES, MAX_NESTING_DEPTH, nestingDepth, readInputDocuments } from './input-reader';
export type { InputDocument } from './input-reader';
export { TOP_USAGE, VALIDATE_USAGE } from './validate-args';
export { formatFileIssue } from './validate-format';
export type { SkippedDocument } from './validate-format';
export { runValidateCommand } from './validate-run';

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
  if (command === 'validate') return runValidateCommand(rest, io, deps);
  // explain loads the simulator: only when it runs, so `validate` and `--help` stay light.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (command === 'explain') return (require('./explain-command') as typeof import('./explain-command')).runExplainCommand(rest, io, deps);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (command === 'drift') return (require('./drift-command') as typeof import('./drift-command')).runDriftCommand(rest, io, deps);
  io.stderr.write(`${PROGRAM}: unknown command '${command}'\n\n${TOP_USAGE}`);
  return ExitCode.USAGE;
}
