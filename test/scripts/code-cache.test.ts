// scripts/code-cache.ts: the environment of the run that writes the bundles' code caches.
import * as path from 'path';
import { trainingEnv } from '../../scripts/code-cache';

test('the training run gets none of the builder’s example settings or V8 flags, and finds the repository’s packages', () => {
  const env = trainingEnv({
    PATH: '/usr/bin',
    HOME: '/home/me',
    AWS_REGION: 'cn-north-1',
    aws_profile: 'prod',
    KARPENTER_CLUSTER_NAME: 'other',
    KARPENTER_STATE_BUCKET: 'bucket',
    NODE_OPTIONS: '--max-old-space-size=4096',
    NODE_PATH: '/elsewhere',
  });
  expect(env).toEqual({
    PATH: '/usr/bin',
    HOME: '/home/me',
    NODE_PATH: path.join(__dirname, '..', '..', 'node_modules'),
    CHECKPOINT_DISABLE: '1',
  });
});
