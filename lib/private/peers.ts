// The package entry checks its peers before loading any construct, so a project without them gets one
// error naming what to install, not `Cannot find module '@cdktf/provider-aws/lib/ec2-tag'` from deep inside.

/** The optional peers the constructs load, with the major versions of the README's install line. */
export const CONSTRUCT_PEERS: readonly (readonly [name: string, spec: string])[] = [
  ['cdktf', 'cdktf@0.21'],
  ['constructs', 'constructs@10'],
  ['@cdktf/provider-aws', '@cdktf/provider-aws@21'],
  ['@cdktf/provider-helm', '@cdktf/provider-helm@12'],
  ['@cdktf/provider-kubernetes', '@cdktf/provider-kubernetes@12'],
];

/** The peers `resolve` cannot find. Only a missing package counts: one whose exports map hides its package.json is there. */
export function missingPeers(resolve: (id: string) => string = require.resolve): string[] {
  return CONSTRUCT_PEERS.filter(([name]) => {
    try {
      // Its package.json, not its main: a third of the time, and either is found exactly when the package is there.
      resolve(`${name}/package.json`);
      return false;
    } catch (e) {
      return (e as { code?: string }).code === 'MODULE_NOT_FOUND';
    }
  }).map(([name]) => name);
}

/** The error for missing peers: what to install, or the entry point that needs none. */
export function missingPeersMessage(missing: readonly string[]): string {
  return (
    `cdktf-karpenter-eks: the constructs need the peer packages ${missing.join(', ')}, which are not installed. ` +
    `Install the peers: npm install ${CONSTRUCT_PEERS.map(([, spec]) => spec).join(' ')}. ` +
    "For the pure core alone (models, validation, policies, Helm values; no cdktf), import 'cdktf-karpenter-eks/core' instead."
  );
}

/** Throws the one clear error when a peer is missing. */
export function checkPeers(resolve?: (id: string) => string): void {
  const missing = missingPeers(resolve);
  if (missing.length > 0) throw new Error(missingPeersMessage(missing));
}
