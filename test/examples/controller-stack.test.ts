// The shared controller stack of the examples, fed by KarpenterAws.attributes from another stack.
import * as fs from 'fs';
import * as path from 'path';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { KarpenterControllerStack } from '../../examples/shared/controller-stack';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { ControllerPlacement } from '../../lib/core/controller/controller-settings';

const OIDC_PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';

function build(identity: ControllerIdentity) {
  const app = Testing.app();
  const awsStack = new TerraformStack(app, 'aws');
  new AwsProvider(awsStack, 'aws', { region: 'eu-west-1' });
  const cluster = EksCluster.fromClusterName(awsStack, 'Cluster', 'demo');
  const karpenter = new KarpenterAws(awsStack, 'Karpenter', { cluster, identity });
  // An existing cluster without a ControllerNodeGroup: the controller runs on its other nodes.
  const placement = ControllerPlacement.anyNodeNotManagedByKarpenter();
  const controllerStack = new KarpenterControllerStack(app, 'controller', { karpenter: karpenter.attributes, placement });
  controllerStack.addDependency(awsStack);
  // The whole app: cross-stack references are resolved only when every stack is synthesized.
  app.synth();
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', name, 'cdk.tf.json'), 'utf8'));
  const aws = read('aws');
  const controller = read('controller');
  const releases = Object.values<any>(controller.resource.helm_release);
  return {
    aws,
    controller,
    crd: releases.find((r) => r.name === 'karpenter-crd'),
    main: releases.find((r) => r.name === 'karpenter'),
  };
}

describe('examples/shared/controller-stack', () => {
  describe('with a customised Pod Identity', () => {
    const { aws, controller, crd, main } = build(ControllerIdentity.podIdentity({ namespace: 'karpenter', serviceAccount: 'karpenter-ctl' }));

    test('should install the controller where the Pod Identity association points, without hand-copying', () => {
      expect(Object.values<any>(aws.resource.aws_eks_pod_identity_association)).toEqual([
        expect.objectContaining({ namespace: 'karpenter', service_account: 'karpenter-ctl' }),
      ]);
      expect(crd).toMatchObject({ namespace: 'karpenter', create_namespace: true });
      expect(main).toMatchObject({ namespace: 'karpenter' });
      const values = JSON.parse(main.values[0]);
      expect(values.serviceAccount).toEqual({ name: 'karpenter-ctl', annotations: {} });
      expect(values.settings).toEqual({ clusterName: 'demo', interruptionQueue: 'Karpenter-demo' });
    });

    test('should create the FlowSchemas through a kubernetes provider read by cluster name', () => {
      const manifests = Object.values<any>(controller.resource.kubernetes_manifest);
      expect(manifests.map((m) => m.manifest.metadata.name)).toEqual(['karpenter-leader-election', 'karpenter-workload']);
      for (const m of manifests) {
        expect(m.manifest.spec.rules[0].subjects).toEqual([
          { kind: 'ServiceAccount', serviceAccount: { name: 'karpenter-ctl', namespace: 'karpenter' } },
        ]);
      }
      const [clusterData] = Object.keys(controller.data.aws_eks_cluster);
      expect(controller.provider.kubernetes[0].host).toBe(`\${data.aws_eks_cluster.${clusterData}.endpoint}`);
    });

    test('should receive only plain strings from the AWS stack', () => {
      expect(JSON.stringify(controller)).not.toMatch(/terraform_remote_state|cross-stack|\$\{aws_/);
      expect(aws.output).toBeUndefined();
    });
  });

  describe('with IRSA', () => {
    const { aws, controller, main } = build(ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN }));

    test('should annotate the service account with the role ARN, which crosses stacks as a remote-state reference (as before)', () => {
      const annotation: string = JSON.parse(main.values[0]).serviceAccount.annotations['eks.amazonaws.com/role-arn'];
      expect(annotation).toMatch(/^\$\{data\.terraform_remote_state\.cross-stack-reference-input-aws\.outputs\.cross-stack-output-aws_iam_role/);
      expect(Object.keys(aws.output)).toEqual([expect.stringMatching(/^cross-stack-output-aws_iam_role.*arn$/)]);
    });

    test('should keep the reference out of provider configuration', () => {
      expect(JSON.stringify(controller.provider)).not.toMatch(/remote_state/);
      expect(main.namespace).toBe('kube-system');
      expect(controller.resource.kubernetes_manifest).toBeUndefined();
    });
  });
});
