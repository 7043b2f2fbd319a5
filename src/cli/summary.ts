/** A title line and aligned `label: value` lines, the human form of a command's result. */
export function summary(title: string, fields: Record<string, string>): string {
  const width = Math.max(...Object.keys(fields).map((label) => label.length)) + 1;
  const lines = Object.entries(fields).map(([label, value]) => `  ${`${label}:`.padEnd(width)} ${value}`);
  return [title, ...lines].join('\n');
}

export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const lastUse = (lastUsedAt: number | null | undefined) =>
  lastUsedAt === undefined ? '' : `, last used ${lastUsedAt === null ? 'never' : isoTime(lastUsedAt)}`;

/**
 * The human form of a list: one line per record, its id, what it is, when it was made and (for records whose use is
 * tracked) last used.
 */
export function listing(title: string, rows: Array<[string, string, number, (number | null)?]>): string {
  if (rows.length === 0) return `No ${title}`;
  const lines = rows.map(
    ([id, what, createdAt, lastUsedAt]) => `  ${id}  ${what}; created ${isoTime(createdAt)}${lastUse(lastUsedAt)}`,
  );
  return [`${rows.length} ${title}`, ...lines].join('\n');
}
