#!/usr/bin/env node
// Entry point of `npx cdktf-karpenter-eks validate|explain ...`; the logic is in lib/cli.
import { runExplainCommand } from '../lib/cli/explain-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { runCli } from '../lib/cli/validate-command';

const [command, ...rest] = process.argv.slice(2);
// exitCode, not exit(): lets piped stdout drain before the process ends.
process.exitCode = command === 'explain' ? runExplainCommand(rest, nodeCommandIo()) : runCli(process.argv.slice(2), nodeCommandIo());
