// Pure core: no cdktf or constructs imports.
import { InstanceTypeCatalog } from './types';

/** The bundled instance-type catalog (Karpenter 1.14.1), loaded once. */
export function loadInstanceTypeCatalog(): InstanceTypeCatalog {
  // Stub until the generated catalog lands.
  return { karpenterVersion: '1.14.1', instanceTypes: [], get: () => undefined };
}
