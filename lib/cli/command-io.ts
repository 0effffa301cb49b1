// What the CLI commands read from and write to, their exit codes and findings: shared by validate and explain.
import type { MigrationOptions, MigrationResult } from '../core/migrate/migrate-manifests';
import { Severity, ValidationContext, ValidationIssue } from '../core/issues';

/** Size and type of a file, looked up before it is read. */
export interface FileStat {
  readonly size: number;
  readonly isDirectory: boolean;
}

/** What the command reads from and writes to. */
export interface CommandIo {
  /** Reads a file (never called with `-`): its bytes, or text already decoded; throws when it can't. */
  readFile(path: string): Uint8Array | string;
  /** Reads all of standard input: bytes, or decoded text. */
  readStdin(): Uint8Array | string;
  /**
   * Size and type of a file, so a directory or an oversized file is refused before it is read.
   * @default - not looked up; the size is checked after reading
   */
  stat?(path: string): FileStat;
  /**
   * The names in a directory, so `validate DIR` checks the manifest files under it.
   * @default - not available; a directory is refused (NotAFile)
   */
  readDir?(path: string): string[];
  /**
   * The canonical path of a file or directory (symlinks resolved), so a directory walk visits each once.
   * @default - the path itself
   */
  realpath?(path: string): string;
  /** Writes a file, replacing it. */
  writeFile(path: string, content: string): void;
  /** Creates a directory and its parents; no error when it exists. */
  mkdirp(path: string): void;
  /** Standard output. */
  readonly stdout: { write(chunk: string): unknown };
  /** Standard error. */
  readonly stderr: { write(chunk: string): unknown };
}

/** What the command validates and migrates with; tests replace them. */
export interface CommandDependencies {
  /**
   * Validates one manifest. Given, it checks every document, NodePools included; without it a NodePool gets
   * `planNodePool` with the run's EC2NodeClass it names, and any other document `validateManifest`.
   * @default - `validateManifest` and `planNodePool` from the library core
   */
  readonly validate?: (manifest: unknown, ctx: ValidationContext) => ValidationIssue[];
  /**
   * Converts older API versions to v1; gets the file's `yaml` Documents (for their comments).
   * @default - `migrateManifests` from the library core, loaded on first use
   */
  readonly migrate?: (documents: unknown[], options: MigrationOptions) => MigrationResult;
  /**
   * Largest input, in bytes, the command reads.
   * @default MAX_INPUT_BYTES
   */
  readonly maxInputBytes?: number;
}

/** Exit codes of the command. */
export enum ExitCode {
  /** No errors (and, with `--strict`, no warnings). */
  OK = 0,
  /** Problems found: validate's errors (or warnings with --strict); explain: a pod stays pending, a pool admits nothing. */
  PROBLEMS = 1,
  /**
   * Bad command line, or an input the command cannot use: unreadable, malformed, not an object; explain: also no
   * NodePools (nor Nodes). explain then prints the error only; validate still checks and reports the other files.
   */
  USAGE = 2,
}

export const PROGRAM = 'cdktf-karpenter-eks';
/** The file name that stands for standard input. */
export const STDIN = '-';

/** One finding, with where it is. */
export interface FileIssue {
  /** Input file as given (`-` for standard input). */
  readonly file: string;
  /** Document index in the file, from 0; undefined for problems with the file itself. */
  readonly document?: number;
  /** `kind` of the document, when known. */
  readonly kind?: string;
  /** `metadata.name` of the document, when known. */
  readonly name?: string;
  /** `error` or `warning`. */
  readonly severity: Severity;
  /** Field path, `(document)` for the whole document, `(file)` for the file. */
  readonly field: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** Stable code. */
  readonly code: string;
  /** 1-based line of the field in the input, when it could be located. */
  readonly line?: number;
  /** 1-based column of the field in the input, when it could be located. */
  readonly column?: number;
}

/** A 1-based line and column in an input file. */
export interface Position {
  readonly line: number;
  readonly column: number;
}
