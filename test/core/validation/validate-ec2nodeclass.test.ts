import { errorsOf } from '../../../lib/core/issues';
import { skipWithoutCrds } from '../../fixtures/crds-dir';
import { validateEc2NodeClass } from '../../../lib/core/validation/validate-ec2nodeclass';
import { DISCOVERY, Path, codes, crdRules, ec2NodeClass, errorLines, patched } from '../api/fixtures';
import {
  EC2NODECLASS_CEL_CASES as CEL_CASES,
  EC2NODECLASS_SCHEMA_CASES,
  SG,
  SUBNET,
  K,
  ALIAS,
  ni,
} from '../../fixtures/crd-cases/ec2nodeclass-rules';

describe('EC2NodeClass CEL rules', () => {
  describe.each(CEL_CASES.map((c, i) => [`${c.crdPath}: ${c.rule} [case ${i}]`, c] as const))('CEL %s', (_, c) => {
    test('accepts a manifest that satisfies it', () => {
      expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ...c.accept)))).toEqual([]);
    });

    test(`rejects one that breaks it with ${c.code} at ${c.field}`, () => {
      const issues = errorsOf(validateEc2NodeClass(patched(ec2NodeClass(), ...c.reject)));
      const issue = issues.find((i) => i.code === c.code && i.field === c.field);
      expect({ found: issue !== undefined, issues: issues.map((i) => `${i.field} (${i.code})`) }).toEqual(expect.objectContaining({ found: true }));
      expect(issue!.message).toContain(`(CRD rule: ${JSON.stringify(c.rule)})`);
    });
  });

  const rules = crdRules('karpenter.k8s.aws_ec2nodeclasses.yaml');
  (rules ? test : test.skip)('every CEL rule of the CRD has a case above (there are no transition rules)', () => {
    const spec = rules!.filter((r) => !r.path.startsWith('status'));
    expect(spec).toHaveLength(54);
    const covered = new Set(CEL_CASES.map((c) => `${c.crdPath}: ${c.rule}`));
    expect(spec.map((r) => `${r.path}: ${r.message}`).filter((r) => !covered.has(r))).toEqual([]);
    expect(spec.filter((r) => r.rule.includes('oldSelf'))).toEqual([]);
  });
  if (!rules) skipWithoutCrds('CEL rule coverage of the EC2NodeClass CRD is not checked');

  test("CEL 'id' exclusivity of subnets rejects only when every term combines id and tags, as written", () => {
    const some = patched(ec2NodeClass(), [SUBNET, [{ id: 'subnet-1', tags: DISCOVERY }, { tags: DISCOVERY }]]);
    expect(codes(validateEc2NodeClass(some))).toEqual([]);
  });

  test('CEL windows alias with extra @ parts passes, as split()[1] does', () => {
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [ALIAS, 'windows2022@latest@x'])))).toEqual([]);
  });

  test('CEL evictionSoft without evictionSoftGracePeriod is rejected (the CEL `in` errors)', () => {
    const issues = validateEc2NodeClass(patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '10%' } }]));
    expect(codes(issues)).toEqual(['EvictionSoftWithoutGracePeriod']);
  });
});

describe('EC2NodeClass schema', () => {
  const cases = EC2NODECLASS_SCHEMA_CASES;

  test.each(cases)('rejects %s', (_, changes, field, message) => {
    const lines = errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ...changes)));
    expect(lines.filter((l) => l.startsWith(`${field}: `))).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  test('accepts every field the CRD has', () => {
    const full = ec2NodeClass({
      amiFamily: 'AL2023',
      amiSelectorTerms: [{ alias: 'al2023@v20250505' }],
      subnetSelectorTerms: [{ tags: DISCOVERY }, { id: 'subnet-0abc' }],
      securityGroupSelectorTerms: [{ id: 'sg-0abc' }, { name: 'nodes' }, { tags: DISCOVERY }],
      capacityReservationSelectorTerms: [{ id: 'cr-0abc' }, { tags: { team: 'ml' }, ownerID: '123456789012', instanceMatchCriteria: 'targeted' }],
      placementGroupSelector: { name: 'cluster-pg' },
      kubelet: {
        clusterDNS: ['10.100.0.10'],
        cpuCFSQuota: true,
        maxPods: 110,
        podsPerCore: 10,
        evictionHard: { 'memory.available': '5%' },
        evictionSoft: { 'memory.available': '500Mi' },
        evictionSoftGracePeriod: { 'memory.available': '1m30s' },
        evictionMaxPodGracePeriod: 60,
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
        kubeReserved: { cpu: '100m', memory: '1Gi' },
        systemReserved: { memory: '500Mi', pid: '1000' },
      },
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: {
            volumeSize: '100Gi',
            volumeType: 'gp3',
            iops: 3000,
            throughput: 125,
            encrypted: true,
            kmsKeyID: 'alias/ebs',
            deleteOnTermination: true,
          },
        },
      ],
      metadataOptions: { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' },
      userData: '#!/bin/bash\necho hi',
      tags: { team: 'platform' },
      associatePublicIPAddress: false,
      detailedMonitoring: true,
      instanceStorePolicy: 'RAID0',
      ipPrefixCount: 1,
      context: 'c-123',
      cpuOptions: { nestedVirtualization: 'disabled' },
      connectionTracking: { tcpEstablishedTimeout: 432000, udpStreamTimeout: 60, udpTimeout: 30 },
      networkInterfaces: [
        { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
        { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
      ],
    });
    expect(validateEc2NodeClass(full)).toEqual([]);
  });

  test.each(['Never', '2 minutes', '90', ''])(
    'rejects an evictionSoftGracePeriod of %p, which the controller cannot decode as a Go duration',
    (value) => {
      const m = patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': value } }]);
      expect(errorLines(validateEc2NodeClass(m))).toEqual([
        expect.stringMatching(
          /^spec.kubelet.evictionSoftGracePeriod\["memory.available"\]: .* is not a Go duration; .*the Karpenter controller cannot decode this EC2NodeClass.* \(InvalidKubeletDuration\)$/,
        ),
      ]);
    },
  );

  test.each(['1m30s', '90s', '1.5h', '0', '500ms'])('accepts the Go duration %p as an evictionSoftGracePeriod', (value) => {
    const m = patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': value } }]);
    expect(validateEc2NodeClass(m)).toEqual([]);
  });

  test('reports a missing spec, which the CRD alone would accept, as a runtime error', () => {
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), spec: undefined }))).toEqual([
      expect.stringMatching(/^spec: is missing: the API server accepts.*\(Ec2NodeClassWithoutSpec\)$/),
    ]);
  });

  test('names the kind with the right article', () => {
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), metadata: undefined, apiVersion: 'karpenter.k8s.aws/v1' }))).toEqual([
      'metadata: is required: an EC2NodeClass needs metadata.name (RequiredField)',
    ]);
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), metadata: {} }))).toEqual([
      'metadata.name: is required: kubectl apply and Terraform identify an EC2NodeClass by its name (RequiredField)',
    ]);
  });

  test('rejects the wrong apiVersion and kind', () => {
    expect(codes(validateEc2NodeClass({ ...ec2NodeClass(), apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClasses' }))).toEqual([
      'WrongApiVersion',
      'WrongKind',
    ]);
  });

  test('skips checks on unresolved values', () => {
    const TOKEN = '${TfToken[TOKEN.7]}';
    const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('TfToken') };
    const m = patched(
      ec2NodeClass(),
      ['spec.role', TOKEN],
      [SG, [{ id: TOKEN }]],
      ['spec.tags', { [TOKEN]: 'owned', team: TOKEN }],
      [K, { maxPods: TOKEN }],
      ['spec.networkInterfaces', [{ networkCardIndex: 0, deviceIndex: TOKEN, interfaceType: 'interface' }]],
    );
    expect(validateEc2NodeClass(m, ctx)).toEqual([]);
  });
});

describe('agreement with the API server', () => {
  test('null map values are pruned like the API server does (PruneNonNullableNullsWithoutDefaults)', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.tags', { team: null, 'kubernetes.io/cluster/x': null, env: 'prod' }],
      [K, { evictionHard: { 'memory.available': null }, evictionSoft: { 'memory.available': null }, kubeReserved: { cpu: null } }],
      [SUBNET, [{ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i === 0 ? null : 'v'])) }]],
    );
    expect(errorLines(validateEc2NodeClass(m))).toEqual([]);
  });

  test('null map values do not count towards maxProperties, but 21 real selector tags still do', () => {
    const tags = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`k${i}`, i === 0 ? null : 'v']));
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [SUBNET, [{ tags }]])))).toEqual(['TooManyProperties']);
  });

  test('a null known field is absent; a null in a list and a null unknown field are still errors', () => {
    expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ['spec.userData', null], ['spec.kubelet', null])))).toEqual([]);
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [K, { clusterDNS: [null] }])))).toEqual(['InvalidType']);
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), ['spec.noSuchField', null])))).toEqual(['UnknownField']);
  });

  test.each([
    [`${K}.maxPods`, [K, { maxPods: 2 ** 31 }]],
    [`${K}.podsPerCore`, [K, { podsPerCore: 2 ** 31 }]],
    [`${K}.evictionMaxPodGracePeriod`, [K, { evictionMaxPodGracePeriod: -(2 ** 31) - 1 }]],
    ['spec.ipPrefixCount', ['spec.ipPrefixCount', 2 ** 31]],
    ['spec.networkInterfaces[0].networkCardIndex', ni([2 ** 31, 0, 'interface'])],
  ] as [string, [Path, unknown]][])('%s past int32 is Int32Overflow (a runtime check), not OutOfRange', (field, change) => {
    const issues = errorsOf(validateEc2NodeClass(patched(ec2NodeClass(), change)));
    expect(issues.map((i) => [i.field, i.code])).toContainEqual([field, 'Int32Overflow']);
    expect(issues.map((i) => i.code)).not.toContain('OutOfRange');
  });

  test('int32 bounds themselves are accepted', () => {
    expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), [K, { maxPods: 2 ** 31 - 1, evictionMaxPodGracePeriod: -(2 ** 31) }])))).toEqual(
      [],
    );
  });
});
