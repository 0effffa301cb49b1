import * as fs from 'fs';
import * as path from 'path';
import { KARPENTER_RELEASE, releaseBranch } from '../../../lib/core/controller/release';
import { karpenterCrdsDir } from '../../fixtures/crds-dir';
import { CHART_VALUES_FILE, parseChartValues, readReferenceFixture, readSharedReference } from '../../fixtures/reference';

const FIXTURE = readReferenceFixture(CHART_VALUES_FILE);
const SHARED = readSharedReference(CHART_VALUES_FILE);
const FACTS = readSharedReference('karpenter-install-facts.md');

/** The release facts a chart values.yaml states: the controller image, whose tag is the appVersion. */
function imageOf(valuesYaml: string): unknown {
  return (parseChartValues(valuesYaml).controller as { image?: unknown } | undefined)?.image;
}

const RELEASE_IMAGE = { repository: KARPENTER_RELEASE.imageRepository, tag: KARPENTER_RELEASE.imageTag, digest: KARPENTER_RELEASE.imageDigest };

describe('KARPENTER_RELEASE', () => {
  test('the image should be the one the committed chart values pin', () => {
    expect(imageOf(FIXTURE)).toEqual(RELEASE_IMAGE);
  });

  test('should be one version: Karpenter, both charts, the image tag and the CRDs, from its release branch', () => {
    const v = KARPENTER_RELEASE.version;
    expect([KARPENTER_RELEASE.chartVersion, KARPENTER_RELEASE.crdChartVersion, KARPENTER_RELEASE.imageTag, KARPENTER_RELEASE.crdVersion]).toEqual([
      v,
      v,
      v,
      v,
    ]);
    expect(KARPENTER_RELEASE.sourceRef).toBe(releaseBranch(v));
    expect(releaseBranch('1.14.1')).toBe('release-v1.14.1');
    expect(CHART_VALUES_FILE).toBe(`karpenter-chart-values-${v}.yaml`);
    expect(KARPENTER_RELEASE.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  if (SHARED === undefined)
    console.warn(`SKIPPED: ../shared/reference/${CHART_VALUES_FILE} not found; the chart values fixture is not cross-checked`);
  (SHARED === undefined ? test.skip : test)('the image should be the one the shared chart values pin', () => {
    expect(imageOf(SHARED!)).toEqual(RELEASE_IMAGE);
  });

  (SHARED === undefined ? test.skip : test)(`test/fixtures/reference/${CHART_VALUES_FILE} should be a byte-identical copy of the shared one`, () => {
    expect(FIXTURE).toBe(SHARED);
  });

  if (FACTS === undefined) console.warn('SKIPPED: ../shared/reference/karpenter-install-facts.md not found; the release facts are not cross-checked');
  (FACTS === undefined ? test.skip : test)('should match karpenter-install-facts.md §1', () => {
    const versions = FACTS!.split('\n## 2.')[0];
    const group = (re: RegExp) => re.exec(versions)?.[1];
    expect({
      chartVersion: group(/charts\/karpenter\/Chart\.yaml` `version: ([0-9.]+)`/),
      version: group(/`appVersion: ([0-9.]+)`/),
      crdChartVersion: group(/\| karpenter-crd chart \| \*\*([0-9.]+)\*\*/),
      chartRepository: group(/`(oci:\/\/[^`]+)\/karpenter` and/),
      imageRepository: group(/`controller\.image\.repository: ([^`]+)`/),
      imageTag: group(/`tag: ([0-9.]+)`/),
      imageDigest: group(/`digest: (sha256:[0-9a-f]{64})`/),
      sourceRef: group(/K branch `(release-v[0-9.]+)`/),
    }).toEqual({
      chartVersion: KARPENTER_RELEASE.chartVersion,
      version: KARPENTER_RELEASE.version,
      crdChartVersion: KARPENTER_RELEASE.crdChartVersion,
      chartRepository: KARPENTER_RELEASE.chartRepository,
      imageRepository: KARPENTER_RELEASE.imageRepository,
      imageTag: KARPENTER_RELEASE.imageTag,
      imageDigest: KARPENTER_RELEASE.imageDigest,
      sourceRef: KARPENTER_RELEASE.sourceRef,
    });
  });

  const crdsSource = ((dir) =>
    dir && fs.existsSync(path.join(dir, 'SOURCE.md')) ? fs.readFileSync(path.join(dir, 'SOURCE.md'), 'utf8') : undefined)(karpenterCrdsDir());
  if (crdsSource === undefined) console.warn('SKIPPED: no SOURCE.md beside the Karpenter CRDs; crdVersion is not cross-checked');
  (crdsSource === undefined ? test.skip : test)('crdVersion should be the version of the CRDs the conformance tests read', () => {
    expect(/^- Version: v(\S+)$/m.exec(crdsSource!)?.[1]).toBe(KARPENTER_RELEASE.crdVersion);
  });
});
