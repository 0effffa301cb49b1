// The block device mappings of an EC2NodeClass (`spec.blockDeviceMappings`): their typed form and JSON.
import { opt } from '../json';
import { Quantity } from '../model/quantity-builder';
import { VolumeType } from '../shared/ec2';
import { V1BlockDeviceMapping } from '../model/types';

/** EBS settings of a block device. */
export interface EbsVolume {
  /**
   * Size, e.g. `Quantity.gibibytes(100)` (whole Gi, G, Ti or T). Needed unless `snapshotID` is set.
   * @default - the snapshot's size
   */
  readonly volumeSize?: Quantity;
  /**
   * Volume type.
   * @default - EC2 default for the AMI's mapping
   */
  readonly volumeType?: VolumeType;
  /**
   * Provisioned IOPS (io1, io2, gp3).
   * @default - the volume type's baseline
   */
  readonly iops?: number;
  /**
   * gp3 throughput in MiB/s (125..1000).
   * @default - gp3 baseline (125)
   */
  readonly throughput?: number;
  /**
   * Encrypt the volume.
   * @default - the account's EBS encryption default
   */
  readonly encrypted?: boolean;
  /**
   * KMS key (id, alias or ARN) for encryption.
   * @default - the AWS managed EBS key
   */
  readonly kmsKeyID?: string;
  /**
   * Delete the volume when the instance terminates.
   * @default - EC2 default (true for volumes created at launch)
   */
  readonly deleteOnTermination?: boolean;
  /**
   * Snapshot to create the volume from.
   * @default - an empty volume
   */
  readonly snapshotID?: string;
  /**
   * Snapshot initialization rate in MiB/s (100..300); needs `snapshotID`.
   * @default - standard lazy initialization
   */
  readonly volumeInitializationRate?: number;
}

/** A block device mapping. */
export interface BlockDeviceMapping {
  /**
   * Device name, e.g. `/dev/xvda`.
   * @default - none
   */
  readonly deviceName?: string;
  /**
   * EBS volume settings.
   * @default - none
   */
  readonly ebs?: EbsVolume;
  /**
   * This device holds the kubelet root directory (at most one mapping).
   * @default false
   */
  readonly rootVolume?: boolean;
}

/** The JSON of one checked block device mapping. */
export function blockDeviceJson(b: BlockDeviceMapping): V1BlockDeviceMapping {
  const e = b.ebs;
  return {
    ...opt('deviceName', b.deviceName),
    ...opt('rootVolume', b.rootVolume),
    ...opt(
      'ebs',
      e && {
        ...opt('volumeSize', e.volumeSize?.toString()),
        ...opt('volumeType', e.volumeType),
        ...opt('iops', e.iops),
        ...opt('throughput', e.throughput),
        ...opt('encrypted', e.encrypted),
        ...opt('kmsKeyID', e.kmsKeyID),
        ...opt('deleteOnTermination', e.deleteOnTermination),
        ...opt('snapshotID', e.snapshotID),
        ...opt('volumeInitializationRate', e.volumeInitializationRate),
      },
    ),
  };
}
