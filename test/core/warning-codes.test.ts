import * as fs from 'fs';
import * as path from 'path';
import { EKS_CLUSTER_WARNING_CODES, PUBLIC_ENDPOINT_OPEN_TO_WORLD } from '../../lib/core/aws/eks-cluster-plan';
import { CONTROLLER_WARNING_CODES } from '../../lib/core/controller/helm-values';

const lib = path.join(__dirname, '..', '..', 'lib', 'core');
const CONSTANTS: Record<string, string> = { PUBLIC_ENDPOINT_OPEN_TO_WORLD };

/** The codes `issues.warn(field, code, ...)` reports in these source files. */
function warnedCodes(...files: string[]): string[] {
  const codes = files.flatMap((f) =>
    [...fs.readFileSync(path.join(lib, f), 'utf8').matchAll(/\.warn\(\s*(?:`[^`]*`|'[^']*'|[^,]+),\s*(?:'([A-Za-z]+)'|([A-Z_]+))/g)].map(
      (m) => m[1] ?? CONSTANTS[m[2]] ?? m[2],
    ),
  );
  return [...new Set(codes)].sort();
}

// silenceWarnings is typed with these lists: a warning missing from one could not be silenced in TypeScript.
describe('warning code lists', () => {
  test('EKS_CLUSTER_WARNING_CODES lists every warning of planEksCluster', () => {
    expect(warnedCodes('aws/eks-cluster-plan.ts')).toEqual([...EKS_CLUSTER_WARNING_CODES].sort());
  });

  test('CONTROLLER_WARNING_CODES lists every warning of the controller plan', () => {
    expect(
      warnedCodes(
        'controller/helm-values.ts',
        'controller/additional-values.ts',
        'controller/chart-values-check.ts',
        'controller/controller-nodes-check.ts',
        'controller/karpenter-controller-plan.ts',
        'controller/flow-schemas.ts',
      ),
    ).toEqual([...CONTROLLER_WARNING_CODES].sort());
  });
});
