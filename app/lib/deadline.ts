/**
 * Settles as `work` does, or rejects with `onTimeout()`'s error once `timeoutMs` has passed
 * (the work itself goes on; the caller ends it if it can). The timer never outlives the race.
 */
export async function withinDeadline<T>(
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
