import type { Request } from 'express';

/** A request header as one trimmed string, or undefined when absent or blank. */
export function headerValue(request: Request, name: string): string | undefined {
  const raw = request.headers[name.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}
