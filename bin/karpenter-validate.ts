#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate ...`; the logic is in lib/cli.
import { nodeCommandIo } from '../lib/cli/node-io';
import { runCli } from '../lib/cli/validate-command';

// exitCode, not exit(): lets piped stdout drain before the process ends.
process.exitCode = runCli(process.argv.slice(2), nodeCommandIo());
