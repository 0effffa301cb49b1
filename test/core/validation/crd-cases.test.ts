// The shared CRD case corpus against our validator, with the verdicts recorded in the corpus: runs
// without the CRDs (a lone clone), while test/conformance checks the same cases against the real CRDs.
import { KARPENTER_RUNTIME_CHECK_CODES, validateManifest } from '../../../lib/core/validation/validate';
import { errorsOf } from '../../../lib/core/issues';
import { CorpusCase, INVALID_EC2NODECLASSES, INVALID_NODEPOOLS, VALID_EC2NODECLASSES, VALID_NODEPOOLS } from '../../fixtures/crd-cases';

/** Errors the API server would raise (runtime-only checks left out), as lines. */
const apiServerErrors = (c: CorpusCase) =>
  errorsOf(validateManifest(structuredClone(c.manifest)))
    .filter((i) => !KARPENTER_RUNTIME_CHECK_CODES.includes(i.code))
    .map((i) => `${i.field}: ${i.message} (${i.code})`);

const byName = (cases: readonly CorpusCase[]) => cases.map((c) => [c.name, c] as const);

describe('validateManifest on the CRD case corpus (recorded verdicts)', () => {
  test.each(byName([...VALID_NODEPOOLS, ...VALID_EC2NODECLASSES]))('accepts %s', (_, c) => {
    expect(apiServerErrors(c)).toEqual([]);
  });

  test.each(byName([...INVALID_NODEPOOLS, ...INVALID_EC2NODECLASSES]))('rejects %s', (_, c) => {
    expect(c.rejectedBy?.length).toBeGreaterThan(0);
    expect(apiServerErrors(c).length).toBeGreaterThan(0);
  });
});
