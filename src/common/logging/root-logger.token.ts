/** Injection token of the one pino logger every line goes through. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
