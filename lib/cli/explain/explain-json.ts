// `explain --json`: the simulation result, written as it is serialized. A pod on a new NodeClaim names it
// (`nodeClaim`) instead of carrying a copy of its instance-type list, which `nodeClaims` holds once; every pod
// carries its effective requests; every pool its cost ceiling (bounds and notes); with rounds, the round of each pod and
// NodeClaim, each NodeClaim's launch, and the run's rounds and settled. One pod or NodeClaim per line.
import type { CostCeiling, NodeClaimResult, PodResult, ResourceAmounts, SimulationResult } from '../../core/sim';
import type { Write } from './explain-format';

/** Writes the JSON document of one run. */
export function writeJson(
  w: Write,
  result: SimulationResult,
  claims: readonly NodeClaimResult[],
  requests: ReadonlyMap<string, ResourceAmounts>,
  ceilings: readonly CostCeiling[],
): void {
  const claimNames = new Set(claims.map((c) => c.name));
  w('{\n  "pods": [');
  result.pods.forEach((p, i) => {
    w(`${i === 0 ? '' : ','}\n    ${JSON.stringify(jsonPod(p, claimNames, requests))}`);
  });
  w(`${result.pods.length === 0 ? '' : '\n  '}],\n  "nodeClaims": [`);
  claims.forEach((c, i) => {
    const { name, nodePool, labels, instanceTypes, pods, round, launch } = c;
    w(`${i === 0 ? '' : ','}\n    ${JSON.stringify({ name, nodePool, labels, instanceTypes, pods, round, launch })}`);
  });
  w(`${claims.length === 0 ? '' : '\n  '}],\n  "nodePools": [`);
  result.nodePools.forEach((p, i) => {
    const pool = ceilings[i] === undefined ? p : { ...p, costCeiling: ceilings[i] };
    w(`${i === 0 ? '' : ','}\n    ${indent(JSON.stringify(pool, null, 2), '    ')}`);
  });
  const rounds = result.rounds === undefined ? '' : `,\n  "rounds": ${result.rounds},\n  "settled": ${result.settled === true}`;
  w(`${result.nodePools.length === 0 ? '' : '\n  '}],\n  "assumptions": ${indent(JSON.stringify(result.assumptions, null, 2), '  ')}${rounds}\n}\n`);
}

/** The pod as the result gives it, its instance types left out when a NodeClaim of `claims` holds them, with its requests. */
function jsonPod(p: PodResult, claims: ReadonlySet<string>, requests: ReadonlyMap<string, ResourceAmounts>): object {
  const onClaim = p.nodeClaim !== undefined && p.node === undefined && claims.has(p.nodeClaim);
  const { instanceTypes, ...rest } = p;
  const r = p.requests ?? requests.get(`${p.namespace}/${p.name}`);
  return { ...rest, ...(onClaim ? {} : { instanceTypes }), ...(r === undefined ? {} : { requests: r }) };
}

function indent(json: string, by: string): string {
  return json.replace(/\n/g, `\n${by}`);
}
