import { dnsSuffixOf } from '../../../lib/core/aws/aws-partition';
import { IssueCollector } from '../../../lib/core/issues';
import {
  ec2TrustPolicy,
  irsaTrustPolicy,
  issuerHostPath,
  podIdentityTrustPolicy,
  validateIrsa,
  validateServiceAccountRef,
} from '../../../lib/core/aws/trust-policies';

const ISSUER = 'https://oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';
const PROVIDER = 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';

describe('trust policies', () => {
  test('should trust the Pod Identity service to assume and tag sessions', () => {
    expect(podIdentityTrustPolicy()).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Sid: 'PodIdentity', Effect: 'Allow', Principal: { Service: 'pods.eks.amazonaws.com' }, Action: ['sts:AssumeRole', 'sts:TagSession'] },
      ],
    });
  });

  test('should trust one service account through the OIDC provider for IRSA', () => {
    const hostPath = issuerHostPath(ISSUER);
    expect(hostPath).toBe('oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789');
    expect(irsaTrustPolicy({ oidcProviderArn: PROVIDER, issuerHostPath: hostPath, namespace: 'karpenter', serviceAccount: 'ctl' }).Statement).toEqual(
      [
        {
          Sid: 'IRSA',
          Effect: 'Allow',
          Principal: { Federated: PROVIDER },
          Action: ['sts:AssumeRoleWithWebIdentity'],
          Condition: {
            StringEquals: {
              'oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789:aud': 'sts.amazonaws.com',
              'oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789:sub': 'system:serviceaccount:karpenter:ctl',
            },
          },
        },
      ],
    );
  });

  test.each([
    ['aws', 'ec2.amazonaws.com'],
    ['aws-cn', 'ec2.amazonaws.com.cn'],
    ['aws-us-gov', 'ec2.amazonaws.com'],
  ])('should trust the EC2 principal of partition %s', (partition, principal) => {
    expect(ec2TrustPolicy(dnsSuffixOf(partition)).Statement).toEqual([
      { Sid: 'EKSNodeAssumeRole', Effect: 'Allow', Principal: { Service: principal }, Action: ['sts:AssumeRole'] },
    ]);
  });

  test('throws when the partition is unknown', () => {
    expect(() => dnsSuffixOf('aws-mars')).toThrow(/Unknown AWS partition 'aws-mars'/);
  });
});

describe('IRSA validation', () => {
  const check = (arn: string | undefined, issuer: string | undefined) => {
    const issues = new IssueCollector({ isUnresolved: (v) => String(v).includes('${') });
    validateIrsa(issues, 'identity', arn, issuer);
    return issues.issues;
  };

  test('should accept a provider that matches the issuer', () => {
    expect(check(PROVIDER, ISSUER)).toEqual([]);
  });

  test('throws when the OIDC provider ARN is missing or empty', () => {
    expect(check(undefined, ISSUER)).toEqual([
      expect.objectContaining({ field: 'identity.oidcProviderArn', code: 'MissingOidcProviderArn', message: expect.stringMatching(/got none/) }),
    ]);
    expect(check('', ISSUER)[0].message).toMatch(/IRSA needs the ARN of the cluster's IAM OIDC provider, got ''/);
  });

  test('throws when the cluster has an empty issuer URL', () => {
    expect(check(PROVIDER, '')).toEqual([
      expect.objectContaining({ field: 'cluster.oidcIssuerUrl', code: 'MissingOidcIssuer', message: expect.stringMatching(/an empty one/) }),
    ]);
  });

  test('throws when the provider ARN is not an OIDC provider', () => {
    expect(check('arn:aws:iam::123456789012:role/x', ISSUER)[0].code).toBe('InvalidOidcProviderArn');
  });

  test('throws when the provider belongs to another issuer', () => {
    expect(check(PROVIDER.replace('ABCDEF', 'FFFFFF'), ISSUER)[0].message).toMatch(/is not the cluster's issuer/);
  });

  test('throws when the issuer is not https', () => {
    expect(check(PROVIDER, 'http://x')[0].code).toBe('InvalidOidcIssuer');
  });

  test('should skip tokens', () => {
    expect(check('${TfToken[TOKEN.1]}', '${TfToken[TOKEN.2]}')).toEqual([]);
  });
});

describe('service account validation', () => {
  test('throws on names Kubernetes rejects', () => {
    const issues = new IssueCollector();
    expect(validateServiceAccountRef(issues, 'identity', 'Kube_System', 'Karpenter')).toEqual({ namespaceValid: false, serviceAccountValid: false });
    expect(issues.issues.map((i) => [i.field, i.code])).toEqual([
      ['identity.namespace', 'InvalidNamespace'],
      ['identity.serviceAccount', 'InvalidServiceAccount'],
    ]);
  });

  test('should accept the defaults', () => {
    const issues = new IssueCollector();
    expect(validateServiceAccountRef(issues, 'identity', 'kube-system', 'karpenter')).toEqual({ namespaceValid: true, serviceAccountValid: true });
    expect(issues.issues).toEqual([]);
  });
});
