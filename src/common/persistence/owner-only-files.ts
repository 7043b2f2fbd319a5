import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * Data files hold sealed secrets, personal data and signed documents: only the service's own user may read them,
 * whatever the process's umask would otherwise let through to the group and everyone else.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIRECTORY = 0o700;

/** The directory and any missing parent, each created owner-only; one that exists already is left as it is. */
export function makeOwnerOnlyDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
}

/**
 * Creates the file owner-only when it does not exist yet, before a library opens it with its own default mode: SQLite
 * then gives its `-wal` and `-shm` files the database file's mode too. A file made by an earlier version, or copied in
 * by hand, is tightened to owner-only.
 */
export function createOwnerOnlyFile(path: string): void {
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  tightenToOwnerOnly(path);
}

/** Takes away what the group and everyone else may do with the file, if it exists; the owner keeps what it had. */
export function tightenToOwnerOnly(path: string): void {
  if (!existsSync(path)) return;
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) chmodSync(path, mode & 0o700);
}
