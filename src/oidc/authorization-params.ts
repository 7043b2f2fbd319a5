/** One parameter of an authorization request as the provider keeps it: text, or undefined when absent or not text. */
export function textParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}
