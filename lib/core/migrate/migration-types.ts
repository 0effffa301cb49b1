// Public result types of `migrateManifests`, and the internal shapes the per-version converters share.
import { Severity } from '../issues';

/** One change made to a document. */
export interface MigrationChange {
  /** The field the change is about, in the v1 output (or in the input, when dropped). */
  readonly field: string;
  /** Where the value was in the input, when that is not `field`. */
  readonly source?: string;
  /** Value before; absent when the field is new. */
  readonly from?: unknown;
  /** Value after; absent when the field was dropped. */
  readonly to?: unknown;
  /** Why the change was made, and what to check by hand. */
  readonly note: string;
  /**
   * `Severity.WARNING` for a change a person must look at: an unknown field (a typo, a
   * mis-indented block) carried over as it was.
   * @default - informational
   */
  readonly severity?: Severity;
}

/** Every change made to one output manifest. */
export interface MigrationReport {
  /** Index (from 0) of the input document the manifest comes from. */
  readonly document: number;
  /** `apiVersion` of the input document. */
  readonly apiVersion: string;
  /** `kind` of the input document. */
  readonly kind: string;
  /** `metadata.name` of the input document. */
  readonly name: string;
  /** The v1 manifest this report describes. */
  readonly output: { readonly apiVersion: string; readonly kind: string; readonly name: string };
  readonly changes: readonly MigrationChange[];
}

/** A document, or part of one, that could not be migrated without help. */
export interface MigrationError {
  /** Index (from 0) of the input document. */
  readonly document: number;
  /** `kind` of the input document, when it has one. */
  readonly kind?: string;
  /** `metadata.name` of the input document, when it has one. */
  readonly name?: string;
  /** Field the problem is about, when there is one. */
  readonly field?: string;
  /** Stable code, e.g. `UnsupportedKind`. */
  readonly code: string;
  /** What is wrong and what to do. */
  readonly message: string;
}

/** Result of `migrateManifests`. */
export interface MigrationResult {
  /** The v1 manifests, in input order (a Provisioner with an inline `provider` gives two). */
  readonly manifests: Record<string, unknown>[];
  /** One report per output manifest, in the same order. */
  readonly reports: MigrationReport[];
  /** Everything that needs a person: unsupported documents, settings with no automatic v1 home. */
  readonly errors: MigrationError[];
}

/** Options of `migrateManifests`. */
export interface MigrationOptions {
  /**
   * Node IAM role for AWSNodeTemplates that set no `instanceProfile` (v1alpha1 fell back to the
   * `aws.defaultInstanceProfile` global setting, which v1 does not have).
   * @default - such templates are reported as errors
   */
  readonly role?: string;
}

// Pre-v1 manifests are untyped YAML; migration walks them as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** One output manifest and the report being written for it. */
export interface Output {
  readonly report: MigrationReport & { changes: MigrationChange[] };
  readonly manifest: Obj;
}

/** Records one change on a report. */
export type Rec = (field: string, from: unknown, to: unknown, note: string, source?: string, severity?: Severity) => void;

/** A kubelet block that must move from a NodePool/Provisioner to the EC2NodeClass it uses. */
export interface KubeletMove {
  readonly document: number;
  readonly pool: Output;
  readonly nodeClassName: string;
  readonly kubelet: Obj;
}

/** What a per-version converter needs from the migration run. */
export interface MigrationRun {
  readonly options: MigrationOptions;
  /** Reports a problem that needs a person. */
  fail(error: MigrationError): void;
  /** Adds an output manifest and returns it with its (empty) report. */
  push(index: number, doc: Obj, name: string, manifest: Obj): Output;
  /** Queues a kubelet block to be placed on its EC2NodeClass once every document is converted. */
  moveKubelet(move: KubeletMove): void;
}

/** The input document a converter works on, for its errors. */
export interface Source {
  readonly run: MigrationRun;
  readonly index: number;
  readonly kind: string;
  readonly name: string;
}
