// Checks between a NodePool and the EC2NodeClass it uses that need no instance-type catalog.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { AMI_FAMILY_PLATFORMS, nodeClassAmiFamily } from '../model/ami-family';
import { WellKnownLabel } from '../model/labels';
import { admittedValues } from './nodepool-facts';
import { isPlainObject } from '../json';

/**
 * Errors for a NodePool that can never launch a node with its EC2NodeClass: its requirements admit
 * only `kubernetes.io/os` values the class's AMI family does not run (a Windows pool on an AL2023 class,
 * a Linux pool on a Windows class), or only architectures it has no AMI for (arm64 with a Windows
 * family). `nodeClass` names the class in messages, e.g. `"default" (stack/NodeClass)`. Custom and
 * unknown families are not checked.
 */
export function poolNodeClassIssues(pool: unknown, nodeClassManifest: unknown, nodeClass: string, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  const spec = isPlainObject(nodeClassManifest) ? nodeClassManifest.spec : undefined;
  if (c.isUnresolved(spec) || (isPlainObject(spec) && (c.isUnresolved(spec.amiFamily) || c.isUnresolved(spec.amiSelectorTerms)))) return [];
  const family = nodeClassAmiFamily(spec);
  if (family === undefined) return [];
  const platform = AMI_FAMILY_PLATFORMS[family];
  const windows = platform.os === 'windows';

  const admitted = admittedValues(pool, ctx);
  const os = admitted(WellKnownLabel.OS);
  if (os && !os.values.has(platform.os)) {
    c.error(
      os.where[os.where.length - 1],
      'NodePoolNodeClassMismatch',
      `admits kubernetes.io/os ${[...os.values].join(', ') || '(none)'} only, but node class ${nodeClass} uses AMI family ${family}, ` +
        `whose nodes run ${platform.os}; this NodePool can never launch a node. ` +
        (windows
          ? 'Require kubernetes.io/os windows, or use a node class with a Linux AMI family (e.g. alias al2023@latest)'
          : 'Use a node class with a Windows AMI family (e.g. alias windows2022@latest), or require kubernetes.io/os linux'),
    );
  }
  const arch = admitted(WellKnownLabel.ARCH);
  if (arch && ![...arch.values].some((a) => (platform.arches as readonly string[]).includes(a))) {
    c.error(
      arch.where[arch.where.length - 1],
      'NodePoolNodeClassMismatch',
      `admits kubernetes.io/arch ${[...arch.values].join(', ') || '(none)'} only, but node class ${nodeClass} uses AMI family ${family}, ` +
        `which has AMIs for ${platform.arches.join(', ')} only; this NodePool can never launch a node. ` +
        `Require kubernetes.io/arch ${platform.arches.join(' or ')}${windows ? ', or use a Linux AMI family for Graviton' : ''}`,
    );
  }
  return c.issues;
}
