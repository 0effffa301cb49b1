// The warnings a construct reported on itself (node.metadata WARN entries), as strings.
import { AnnotationMetadataEntryType } from 'cdktf';
import { IConstruct } from 'constructs';

/** The warnings `construct` added to its own node metadata, in order. */
export function warningsOf(construct: IConstruct): string[] {
  return construct.node.metadata.filter((m) => m.type === AnnotationMetadataEntryType.WARN).map((m) => String(m.data));
}
