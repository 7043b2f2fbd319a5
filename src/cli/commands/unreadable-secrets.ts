/** Fails the command, after everything else was resealed, when some secrets could not be opened. */
export function refuseUnreadable(unreadable: string[]): void {
  if (unreadable.length === 0) return;
  throw new Error(
    `These secrets could not be opened and were left as they are (a missing key, or an altered row): ${unreadable.join(', ')}`,
  );
}
