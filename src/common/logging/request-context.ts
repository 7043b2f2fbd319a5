import { AsyncLocalStorage } from 'node:async_hooks';

/** What every line logged while serving a request is tagged with. */
export interface RequestContext {
  reqId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Added to every log line: the id of the request being served, when there is one. */
export function requestLogFields(): Partial<RequestContext> {
  const context = requestContext.getStore();
  return context ? { reqId: context.reqId } : {};
}
