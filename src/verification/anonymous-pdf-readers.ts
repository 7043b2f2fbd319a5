import { PDF_READING_LIMITS, type PdfReadingLimits } from '../documents/pdf-reading.pool';

/**
 * The PDF reading threads of `/verify`, which anyone may call: a pool of their own, so that anonymous uploads wait for
 * each other and never for, nor in front of, a tenant's document work on the documents' threads. One thread: four
 * anonymous 24 MB uploads on the shared pool made a document create take 8.0 s instead of 0.44 s.
 */
export const ANONYMOUS_PDF_READERS = Symbol('ANONYMOUS_PDF_READERS');

export const ANONYMOUS_PDF_READING_LIMITS: PdfReadingLimits = { ...PDF_READING_LIMITS, threads: 1, waiting: 8 };
