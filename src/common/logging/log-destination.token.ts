/** Injection token of the stream the root logger writes its lines to (log-destination.ts). */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
