import type { StartMode } from '../flows/flow-kind';

/** Every login page starts with a QR code to scan, or to open on this phone: a wildcard flow. */
export const PAGE_START_MODE = 'wildcard' satisfies StartMode;

/** A login pushed to a NIN's app follows a different-device flow instead. */
export const PUSH_START_MODE = 'different-device' satisfies StartMode;
