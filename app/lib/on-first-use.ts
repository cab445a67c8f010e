/**
 * A value made the first time it is asked for, then kept. For Intl formatters above all:
 * making one loads its locale's data, which a phone slowed 4× took about 90 ms to do for the
 * rand formatter while evaluating the public pages' shared script, a cost every page paid at
 * start for a formatter only the admin uses (decision 046).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
