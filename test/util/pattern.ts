// Regular expressions that embed values known only at run time, such as an address derived from
// the construct tree (so no test spells a hashed logical id).

/**
 * A RegExp written as the source of a /.../ literal, whose `${value}`s match the values literally.
 * A line break and the indentation after it are dropped, so a long pattern can wrap.
 */
export function pattern(strings: TemplateStringsArray, ...values: unknown[]): RegExp {
  const raw = strings.raw.map((s) => s.replace(/\n\s*/g, ''));
  return new RegExp(String.raw({ raw }, ...values.map((v) => String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
}
