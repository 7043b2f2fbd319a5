/** The `count` calendar months up to this one, oldest first, written YYYY-MM as the usage report takes them. */
export function lastMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - back), 1));
    return month.toISOString().slice(0, 7);
  });
}
