import { closeSync, mkdirSync, openSync } from 'node:fs';

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
 * then gives its `-wal` and `-shm` files the database file's mode too.
 */
export function createOwnerOnlyFile(path: string): void {
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
}
