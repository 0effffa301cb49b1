#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate|explain|drift ...`; the dispatcher is lib/cli/cli.ts.
import { nodeCommandIo, quietOnClosedPipe } from '../lib/cli/node-io';

// `explain ... | head`: a reader that stops early ends the command quietly, not with an EPIPE stack trace.
quietOnClosedPipe(process.stdout);
quietOnClosedPipe(process.stderr);
// The dispatcher loads only the command it runs: `validate` and `--help` never load explain's simulator.
// exitCode, not exit(): lets piped stdout drain before the process ends.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runCli } = require('../lib/cli/cli') as typeof import('../lib/cli/cli');
process.exitCode = runCli(process.argv.slice(2), nodeCommandIo());
