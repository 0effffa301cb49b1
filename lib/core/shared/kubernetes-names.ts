// Kubernetes name rules both the Karpenter API and the AWS plans (service accounts) check.

/** DNS-1123 subdomain: what Kubernetes requires of a custom resource's `metadata.name`. */
export const DNS1123_SUBDOMAIN_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
