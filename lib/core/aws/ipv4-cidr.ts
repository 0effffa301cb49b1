// IPv4 CIDR arithmetic: parse, print, subnet, containment.

/** An IPv4 CIDR block split into numbers. */
export interface Ipv4Cidr {
  /** Network address as an unsigned 32-bit integer. */
  readonly network: number;
  /** Prefix length, 0-32. */
  readonly prefix: number;
}

/** Parses `a.b.c.d/n`; undefined when it is not an IPv4 CIDR or has host bits set. */
export function parseIpv4Cidr(cidr: string): Ipv4Cidr | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const address = (((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3]) >>> 0;
  if ((address & ~maskOf(prefix)) >>> 0 !== 0) return undefined;
  return { network: address, prefix };
}

/** Renders a parsed CIDR back to `a.b.c.d/n`. */
export function formatIpv4Cidr(cidr: Ipv4Cidr): string {
  const n = cidr.network;
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}/${cidr.prefix}`;
}

function maskOf(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** The `index`-th block of `newBits` extra prefix bits inside `parent` (Terraform's `cidrsubnet`). */
export function cidrSubnet(parent: Ipv4Cidr, newBits: number, index: number): Ipv4Cidr {
  const prefix = parent.prefix + newBits;
  if (prefix > 32 || index < 0 || index >= 2 ** newBits) {
    throw new Error(`cidrSubnet: block ${index} of /${prefix} does not fit in /${parent.prefix}`);
  }
  return { network: (parent.network + index * 2 ** (32 - prefix)) >>> 0, prefix };
}

/** True when `inner` lies entirely inside `outer`. */
export function cidrContains(outer: Ipv4Cidr, inner: Ipv4Cidr): boolean {
  return inner.prefix >= outer.prefix && (inner.network & maskOf(outer.prefix)) >>> 0 === outer.network;
}

/** True when the two blocks share at least one address. */
export function cidrOverlaps(a: Ipv4Cidr, b: Ipv4Cidr): boolean {
  return cidrContains(a, b) || cidrContains(b, a);
}
