#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate|explain ...`; the logic is in lib/cli.
import { nodeCommandIo, quietOnClosedPipe } from '../lib/cli/node-io';
import { runCli } from '../lib/cli/validate-command';

// `explain ... | head`: a reader that stops early ends the command quietly, not with an EPIPE stack trace.
quietOnClosedPipe(process.stdout);
quietOnClosedPipe(process.stderr);
// exitCode, not exit(): lets piped stdout drain before the process ends.
process.exitCode = runCli(process.argv.slice(2), nodeCommandIo());
