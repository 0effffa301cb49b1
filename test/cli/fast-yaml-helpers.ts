// What the fast-yaml tests share: both readers, the check that they agree, and a kubectl-style list.
import { parseAllDocuments } from 'yaml';
import { fastYamlDocuments } from '../../lib/cli/fast-yaml';

/** What `yaml` reads: each non-empty document's index and value; undefined when it reports an error. */
export function slow(text: string): [number, unknown][] | undefined {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return undefined;
  return docs.map((d, i): [number, unknown] => [i, d.toJS()]).filter(([, v]) => v !== null && v !== undefined);
}

export function fast(text: string): [number, unknown][] | undefined {
  return fastYamlDocuments(text)
    ?.filter((d) => d.value !== null)
    .map((d): [number, unknown] => [d.index, d.value]);
}

/** Fast agrees with `yaml`, or declines; returns whether it read the text. */
export function agrees(text: string): boolean {
  const f = fast(text);
  if (f === undefined) return false;
  expect({ text, value: f }).toEqual({ text, value: slow(text) });
  return true;
}

export function KUBECTL_STYLE(): string {
  return `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"}}
    creationTimestamp: "2026-01-01T00:00:00Z"
    labels:
      app.kubernetes.io/name: web
    name: web
    namespace: default
  spec:
    containers:
    - image: nginx:1.27
      name: web
      ports:
      - containerPort: 80
        protocol: TCP
      resources:
        requests:
          cpu: 500m
          memory: 1Gi
    nodeName: ip-10-0-0-1.ec2.internal
    tolerations:
    - effect: NoExecute
      key: node.kubernetes.io/not-ready
      operator: Exists
      tolerationSeconds: 300
  status:
    phase: Running
    podIP: 10.0.0.12
kind: List
metadata:
  resourceVersion: ""
`;
}
