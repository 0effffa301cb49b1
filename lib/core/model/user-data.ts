// The user data format each AMI family takes, defined once. What the controller does with `spec.userData`
// (aws/karpenter-provider-aws release-v1.14.1, pkg/providers/amifamily/bootstrap/):
//   - Bottlerocket: parsed as TOML, and a parse error fails every launch ("invalid UserData",
//     bottlerocket.go:37-41, bottlerocketsettings.go:138-147); only the [settings] table is merged.
//   - Windows*: pasted inside Karpenter's own <powershell> block, before the bootstrap (windows.go:32-52).
//   - AL2023: a MIME multi-part archive (text starting with MIME-Version: or Content-Type:) must parse,
//     or every launch fails; otherwise YAML that parses as a map becomes a NodeConfig part and anything
//     else a shell script part (nodeadm.go:128-159).
//   - AL2: a MIME archive must parse (eksbootstrap.go:117-121, 142-160); anything else becomes a shell
//     script part run before bootstrap.sh (eksbootstrap.go:122-138).
//   - Custom: passed as it is; nothing to check.
import { AmiFamily } from './ami-family';
import { lookupTable } from '../json';

/** What a user data text looks like. */
export type UserDataFormat = 'mime' | 'invalid-mime' | 'shell' | 'powershell' | 'toml' | 'nodeconfig' | 'yaml' | 'text';

/** How an AMI family takes user data: what it expects, and what happens with each other format. */
export interface FamilyUserData {
  /** The formats the family takes. */
  readonly accepts: readonly UserDataFormat[];
  /** The expected format, for messages. */
  readonly expected: string;
  /** A short valid example. */
  readonly example: string;
  /** Formats the controller rejects at launch (an error); any other wrong format is a warning. */
  readonly controllerRejects: readonly UserDataFormat[];
  /** What happens to user data in a wrong format the controller accepts. */
  readonly otherwise: string;
}

const LINUX_SHELL_EXAMPLE = '#!/bin/bash\\necho "hello"';

const WINDOWS: FamilyUserData = {
  // 'text': lower-case commands (`echo`, `mkdir`) are PowerShell too; only another format's marks are flagged.
  accepts: ['powershell', 'text'],
  expected: 'PowerShell commands (Karpenter wraps them in <powershell> with its bootstrap)',
  example: 'Write-Host "hello"',
  controllerRejects: [],
  otherwise: 'Karpenter runs it as PowerShell before the bootstrap, where it fails or stops the node from joining',
};

/** The user data rule of each aliased AMI family (Custom has none). */
export const AMI_FAMILY_USER_DATA: { readonly [family: string]: FamilyUserData } = lookupTable({
  [AmiFamily.BOTTLEROCKET]: {
    accepts: ['toml'],
    expected: 'TOML with a [settings] table',
    example: '[settings.kubernetes]\\nmax-pods = 110',
    controllerRejects: ['mime', 'invalid-mime', 'shell', 'powershell', 'nodeconfig', 'yaml', 'text'],
    otherwise: 'Karpenter merges only the [settings] table and ignores the rest',
  },
  [AmiFamily.AL2023]: {
    accepts: ['mime', 'shell', 'nodeconfig'],
    expected: 'a MIME multi-part archive, a shell script (#!/bin/bash) or a NodeConfig (apiVersion: node.eks.aws/v1alpha1)',
    example: LINUX_SHELL_EXAMPLE,
    controllerRejects: ['invalid-mime'],
    otherwise: 'Karpenter passes YAML maps to nodeadm as a NodeConfig and anything else to cloud-init as a shell script, where it fails',
  },
  [AmiFamily.AL2]: {
    accepts: ['mime', 'shell'],
    expected: 'a MIME multi-part archive or a shell script (#!/bin/bash)',
    example: LINUX_SHELL_EXAMPLE,
    controllerRejects: ['invalid-mime'],
    otherwise: 'Karpenter passes it to cloud-init as a shell script, where it fails',
  },
  [AmiFamily.WINDOWS_2019]: WINDOWS,
  [AmiFamily.WINDOWS_2022]: WINDOWS,
  [AmiFamily.WINDOWS_2025]: WINDOWS,
});

const FORMAT_NAMES: { readonly [F in UserDataFormat]: string } = {
  mime: 'a MIME multi-part archive',
  'invalid-mime': 'MIME headers without a multipart Content-Type and boundary',
  shell: 'a shell script',
  powershell: 'PowerShell',
  toml: 'TOML',
  nodeconfig: 'a NodeConfig',
  yaml: 'YAML that is not a NodeConfig',
  text: 'text that is none of the formats (no #! line, no MIME headers, no TOML table)',
};

/** Lines that are neither blank nor comments (`#`, which also covers a `#!` line, as TOML and YAML read it). */
function meaningfulLines(text: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
}

/** TOML: each meaningful line a table header or `key = value` (or inside a multi-line value after one). */
function looksLikeToml(text: string): boolean {
  const lines = meaningfulLines(text);
  return lines.length > 0 && /^\s*(\[\[?\s*[A-Za-z0-9_."'-]+(\s*\.\s*[A-Za-z0-9_."'-]+)*\s*\]\]?|[A-Za-z0-9_."'-]+\s*=)/.test(lines[0]);
}

/** What `text` looks like, checked in the order the controllers check it. */
export function userDataFormat(text: string): UserDataFormat {
  const trimmed = text.trim();
  if (/^(MIME-Version|Content-Type):/i.test(trimmed)) {
    // Go's mail/mime readers need the headers, a multipart Content-Type with a boundary, then a blank line.
    const headers = trimmed.split(/\r?\n\r?\n/)[0];
    return /^Content-Type:\s*multipart\/[a-z]+;.*boundary=/im.test(headers) ? 'mime' : 'invalid-mime';
  }
  if (/<powershell>/i.test(trimmed)) return 'powershell';
  if (trimmed.startsWith('#!')) return 'shell';
  if (/^apiVersion:\s*["']?node\.eks\.aws\//m.test(trimmed) && /^kind:\s*["']?NodeConfig/m.test(trimmed)) return 'nodeconfig';
  if (looksLikeToml(trimmed)) return 'toml';
  const first = meaningfulLines(trimmed)[0] ?? '';
  // PowerShell idioms: a variable assignment, a typed variable, or a Verb-Noun cmdlet.
  if (/^\s*(\$[A-Za-z_][\w:]*\s*=|\[[A-Za-z.]+\]\$|&\s*\$|[A-Z][a-z]+-[A-Z][A-Za-z]+\b)/.test(first)) return 'powershell';
  if (/^[A-Za-z_][\w.-]*:(\s|$)/.test(first)) return 'yaml';
  return 'text';
}

/** A user data problem: whether the controller rejects it (an error) or the node mishandles it (a warning), and why. */
export interface UserDataProblem {
  readonly rejectedByController: boolean;
  readonly message: string;
}

/** The problem with `userData` for `family`, or undefined when it fits (or the family is Custom or unknown). */
export function userDataProblem(family: string | undefined, userData: string): UserDataProblem | undefined {
  const rule = family === undefined ? undefined : AMI_FAMILY_USER_DATA[family];
  if (rule === undefined || userData.trim() === '') return undefined;
  const format = userDataFormat(userData);
  if (rule.accepts.includes(format)) {
    if (family === AmiFamily.BOTTLEROCKET && !/^\s*(\[\[?\s*["']?settings\b|["']?settings["']?\s*[.=])/m.test(userData)) {
      return {
        rejectedByController: false,
        message:
          `is TOML without a [settings] table; ${rule.otherwise}, so it has no effect on ${family} nodes. ` +
          `Put the settings under [settings...], e.g. "${rule.example}"`,
      };
    }
    return undefined;
  }
  const rejected = rule.controllerRejects.includes(format);
  const consequence = rejected
    ? `the controller fails every launch with this node class ("invalid UserData")`
    : `the controller accepts it, but ${rule.otherwise}`;
  return {
    rejectedByController: rejected,
    message: `looks like ${FORMAT_NAMES[format]}, but ${family} takes ${rule.expected}; ${consequence}. Write it as, e.g., "${rule.example}"`,
  };
}
