#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate ...`; the logic is in lib/cli.
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { CommandIo, runCli } from '../lib/cli/validate-command';

const io: CommandIo = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  writeFile: (path, content) => writeFileSync(path, content, 'utf8'),
  mkdirp: (path) => {
    mkdirSync(path, { recursive: true });
  },
  stdout: process.stdout,
  stderr: process.stderr,
};

// exitCode, not exit(): lets piped stdout drain before the process ends.
process.exitCode = runCli(process.argv.slice(2), io);
