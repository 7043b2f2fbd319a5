/** A title line and aligned `label: value` lines, the human form of a command's result. */
export function summary(title: string, fields: Record<string, string>): string {
  const width = Math.max(...Object.keys(fields).map((label) => label.length)) + 1;
  const lines = Object.entries(fields).map(([label, value]) => `  ${`${label}:`.padEnd(width)} ${value}`);
  return [title, ...lines].join('\n');
}

export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const lastUse = (lastUsedAt: number | null | undefined) =>
  lastUsedAt === undefined ? '' : `, last used ${lastUsedAt === null ? 'never' : isoTime(lastUsedAt)}`;

/** A count and its noun, singular for one: `1 app`, `2 apps`, `0 API keys`. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * The human form of a list: a title that counts the records (`No` before the plural when there are none), then one line
 * per record, its id, what it is, when it was made and (for records whose use is tracked) last used.
 */
export function listing(
  title: { singular: string; plural?: string; of?: string },
  rows: Array<[string, string, number, (number | null)?]>,
): string {
  const { singular, plural = `${singular}s`, of = '' } = title;
  if (rows.length === 0) return `No ${plural}${of}`;
  const lines = rows.map(
    ([id, what, createdAt, lastUsedAt]) => `  ${id}  ${what}; created ${isoTime(createdAt)}${lastUse(lastUsedAt)}`,
  );
  return [`${counted(rows.length, singular, plural)}${of}`, ...lines].join('\n');
}
