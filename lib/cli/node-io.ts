// The command's I/O on the real file system and process streams (bin/ uses it).
import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'fs';
import { CommandIo } from './command-io';

/** `CommandIo` on Node's fs and process streams. Files are read as bytes, so the command checks the encoding. */
export function nodeCommandIo(): CommandIo {
  return {
    readFile: (path) => readFileSync(path),
    readStdin: () => readFileSync(0),
    stat: (path) => {
      const st = statSync(path);
      return { size: st.size, isDirectory: st.isDirectory() };
    },
    readDir: (path) => readdirSync(path),
    realpath: (path) => realpathSync(path),
    writeFile: (path, content) => writeFileSync(path, content, 'utf8'),
    mkdirp: (path) => {
      mkdirSync(path, { recursive: true });
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/**
 * Ends the process quietly when `stream`'s reader has gone (EPIPE: `explain ... | head`): there is no one left to
 * tell, and a stack trace would be the only output. Other stream errors are thrown as before.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
}
