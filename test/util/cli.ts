// What a CLI test runs a command with: the real file system and process (nodeCommandIo), its two output
// streams captured as strings.
import { CommandIo } from '../../lib/cli/command-io';
import { nodeCommandIo } from '../../lib/cli/node-io';

/** An io whose standard output and error are kept; `out()` and `err()` read what was written so far. */
export interface CapturedIo {
  readonly io: CommandIo;
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(): CapturedIo {
  let stdout = '';
  let stderr = '';
  return {
    io: { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    out: () => stdout,
    err: () => stderr,
  };
}

/** A command's exit code and what it wrote. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command (`(io) => runCli(args, io)`) on a captured io. */
export function runCaptured(command: (io: CommandIo) => number): CommandRun {
  const { io, out, err } = captureIo();
  const code = command(io);
  return { code, stdout: out(), stderr: err() };
}

/** An io over files held in memory (`read` gives a file's text), its two output streams captured. */
export function memoryIo(read: (path: string) => string): CapturedIo {
  let stdout = '';
  let stderr = '';
  return {
    io: {
      readFile: read,
      readStdin: () => '',
      writeFile: () => undefined,
      mkdirp: () => undefined,
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    out: () => stdout,
    err: () => stderr,
  };
}
