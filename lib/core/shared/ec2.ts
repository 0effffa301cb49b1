// EC2 values both the Karpenter API (EC2NodeClass) and the AWS plans (launch templates) use.

/** EBS volume types. */
export enum VolumeType {
  /** Magnetic. */
  STANDARD = 'standard',
  /** Provisioned IOPS SSD. */
  IO1 = 'io1',
  /** Provisioned IOPS SSD, newer. */
  IO2 = 'io2',
  /** General purpose SSD. */
  GP2 = 'gp2',
  /** Cold HDD. */
  SC1 = 'sc1',
  /** Throughput-optimized HDD. */
  ST1 = 'st1',
  /** General purpose SSD, newer (recommended). */
  GP3 = 'gp3',
}

/** `metadataOptions.httpTokens`. */
export enum HttpTokens {
  /** IMDSv2 only (the default). */
  REQUIRED = 'required',
  /** IMDSv1 allowed too. */
  OPTIONAL = 'optional',
}
