import { AMI_FAMILY_PLATFORMS, ALIASED_AMI_FAMILIES } from '../../../lib/core/model/ami-family';
import { poolNodeClassIssues } from '../../../lib/core/lints/node-class-compatibility';
import { ec2NodeClass, nodePool, patched } from '../api/fixtures';

const REQ = 'spec.template.spec.requirements';
const poolWith = (...reqs: { key: string; operator: string; values?: string[] }[]) => patched(nodePool(), [REQ, reqs]);
const classOf = (alias: string, amiFamily?: string) => ec2NodeClass({ amiSelectorTerms: [{ alias }], ...(amiFamily ? { amiFamily } : {}) });
const lines = (pool: object, nc: object) => poolNodeClassIssues(pool, nc, '"default"').map((i) => `${i.field}: ${i.message} (${i.code})`);

describe('poolNodeClassIssues (issue #16 item 3)', () => {
  test('a pool requiring os=windows on an AL2023 class is an error naming the requirement and the class', () => {
    const pool = poolWith(
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'kubernetes.io/os', operator: 'In', values: ['windows'] },
    );
    expect(lines(pool, classOf('al2023@latest'))).toEqual([
      expect.stringMatching(
        /^spec.template.spec.requirements\[1\]: admits kubernetes.io\/os windows only, but node class "default" uses AMI family AL2023, whose nodes run linux; this NodePool can never launch a node.*\(NodePoolNodeClassMismatch\)$/,
      ),
    ]);
  });

  test('a Windows class with arch=arm64 is an error; a Linux pool on a Windows class too', () => {
    const arm = poolWith(
      { key: 'kubernetes.io/os', operator: 'In', values: ['windows'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
    );
    expect(lines(arm, classOf('windows2022@latest'))).toEqual([
      expect.stringMatching(
        /^spec.template.spec.requirements\[1\]: admits kubernetes.io\/arch arm64 only, .*Windows2022, which has AMIs for amd64 only/,
      ),
    ]);
    const linux = poolWith({ key: 'kubernetes.io/os', operator: 'NotIn', values: ['windows'] });
    expect(lines(linux, classOf('windows2025@latest'))).toEqual([
      expect.stringMatching(/admits kubernetes.io\/os linux only, .*Windows2025, whose nodes run windows/),
    ]);
  });

  test('template labels count as requirements', () => {
    const pool = patched(nodePool(), [['spec', 'template', 'metadata', 'labels', 'kubernetes.io/arch'], 'arm64']);
    expect(lines(pool, classOf('windows2019@latest'))).toEqual([
      expect.stringMatching(/^spec.template.metadata.labels\["kubernetes.io\/arch"\]: admits/),
    ]);
  });

  test('no error when the pool fits, does not constrain os or arch, or the family is Custom', () => {
    const both = poolWith({ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64', 'arm64'] });
    expect(lines(both, classOf('windows2022@latest'))).toEqual([]);
    expect(lines(nodePool(), classOf('windows2022@latest'))).toEqual([]);
    expect(lines(poolWith({ key: 'kubernetes.io/os', operator: 'In', values: ['windows'] }), classOf('al2023@latest', 'Custom'))).toEqual([]);
    expect(lines(poolWith({ key: 'kubernetes.io/os', operator: 'In', values: ['windows'] }), classOf('windows2022@latest'))).toEqual([]);
  });

  test('every aliased family has a platform', () => {
    expect(Object.keys(AMI_FAMILY_PLATFORMS).sort()).toEqual([...ALIASED_AMI_FAMILIES].sort());
  });
});
