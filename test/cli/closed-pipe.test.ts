// A reader that stops early (`explain ... --json | head`) ends the command quietly: no EPIPE stack trace, for
// explain and validate alike. Runs the bin as a process whose standard output is closed before it writes.
import { spawn } from 'child_process';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'karpenter-validate.ts');
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'cli', 'kubectl-cluster.yaml');

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away before the command writes a byte: every write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test.each([
  ['explain --json', ['explain', '--json', FIXTURE]],
  ['explain -o wide', ['explain', '-o', 'wide', FIXTURE]],
  ['validate', ['validate', FIXTURE]],
])(
  '%s with its output closed early: no stack trace, the exit status of the run',
  async (_what, args) => {
    const r = await runWithClosedStdout(args);
    expect(r.stderr).toBe('');
    expect([0, 1]).toContain(r.code);
  },
  60_000,
);
