/** Resolves after `ms`. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks `check` every 100 ms until it answers true; fails, saying `what`, once `timeoutMs` have passed. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await pause(100);
  }
}

/** `work`'s outcome, or a failure saying `what` when it takes longer than `timeoutMs`. */
export async function within<T>(what: string, work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
