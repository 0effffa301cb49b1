#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate|explain|drift ...`; the logic is in lib/cli.
import { nodeCommandIo, quietOnClosedPipe } from '../lib/cli/node-io';

// `explain ... | head`: a reader that stops early ends the command quietly, not with an EPIPE stack trace.
quietOnClosedPipe(process.stdout);
quietOnClosedPipe(process.stderr);
const [command, ...rest] = process.argv.slice(2);
// Only the command run is loaded: `validate` and `--help` never load explain's simulator.
// exitCode, not exit(): lets piped stdout drain before the process ends.
if (command === 'explain') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runExplainCommand } = require('../lib/cli/explain-command') as typeof import('../lib/cli/explain-command');
  process.exitCode = runExplainCommand(rest, nodeCommandIo());
} else if (command === 'drift') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runDriftCommand } = require('../lib/cli/drift-command') as typeof import('../lib/cli/drift-command');
  process.exitCode = runDriftCommand(rest, nodeCommandIo());
} else {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runCli } = require('../lib/cli/validate-command') as typeof import('../lib/cli/validate-command');
  process.exitCode = runCli(process.argv.slice(2), nodeCommandIo());
}
