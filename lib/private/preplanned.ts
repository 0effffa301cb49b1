/**
 * Plans a parent construct has already made (and reported) for the props it hands a child, so
 * the child builds from them instead of checking the same input again. Keyed by the props object;
 * not part of any public props interface.
 */
const plans = new WeakMap<object, unknown>();

/** Marks `props` as planned: the child constructed with them uses `plan`. */
export function withPlan<P extends object, T>(props: P, plan: T): P {
  plans.set(props, plan);
  return props;
}

/** The plan a parent made for `props`, or a fresh one. */
export function planFor<P extends object, T>(props: P, plan: () => T): T {
  return (plans.get(props) as T | undefined) ?? plan();
}
