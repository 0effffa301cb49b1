// The command line as every command reads it: files and options, usage errors (exit 2) and --help (exit 0).
import { CommandIo, ExitCode, PROGRAM, STDIN } from './command-io';

/** A bad command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** One option of a command line, as `scanArgs` hands it on. */
export interface ParsedOption {
  /** The flag, without an inline `=value`. */
  readonly flag: string;
  /** The argument as given. */
  readonly arg: string;
  /** Its value: inline (`--flag=value`) or the next argument; a UsageError (`missing`, if given) when there is none. */
  value(missing?: string): string;
  /** A UsageError when the option was given an inline value. */
  noValue(): void;
}

/**
 * Splits a command line as every command reads it: files (`-`, anything not starting with `-`, and all after
 * `--`) and options, each handed to `onOption`, which returns 'help' to stop.
 */
export function scanArgs(args: readonly string[], onOption: (option: ParsedOption) => 'help' | undefined): { readonly files: string[] } | 'help' {
  const files: string[] = [];
  let onlyFiles = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (onlyFiles || arg === STDIN || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const inline = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : undefined;
    const option: ParsedOption = {
      flag,
      arg,
      value: (missing) => {
        if (inline !== undefined) return inline;
        const next = args[i + 1];
        if (next === undefined || (next.startsWith('-') && next !== STDIN)) throw new UsageError(missing ?? `option '${flag}' needs a value`);
        i++;
        return next;
      },
      noValue: () => {
        if (inline !== undefined) throw new UsageError(`option '${flag}' takes no value, got '${arg}'`);
      },
    };
    if (onOption(option) === 'help') return 'help';
  }
  if (files.length === 0) throw new UsageError('no input files; give one or more files, or - for standard input');
  if (files.filter((f) => f === STDIN).length > 1) throw new UsageError("standard input ('-') can be read only once");
  return { files };
}

/**
 * A command's options, or the exit code when there is nothing to run: `--help` prints the usage (exit 0),
 * a bad command line its error and the usage (exit 2).
 */
export function readCommandLine<T extends object>(
  command: string,
  usage: string,
  args: readonly string[],
  io: CommandIo,
  parse: (args: readonly string[]) => T | 'help',
): T | ExitCode {
  let options: T | 'help';
  try {
    options = parse(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`${PROGRAM} ${command}: ${e.message}\n\n${usage}`);
    return ExitCode.USAGE;
  }
  if (options === 'help') {
    io.stdout.write(usage);
    return ExitCode.OK;
  }
  return options;
}
