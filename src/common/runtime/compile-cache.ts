import { enableCompileCache } from 'node:module';

/**
 * Imported first by each entry point (server, CLI): Node keeps the code V8 compiles for every module loaded after this
 * in a cache on disk (NODE_COMPILE_CACHE, else node-compile-cache in the system's temporary directory), and the next
 * start of the same code reuses it: `apps:list` from the sources took 2.2 s before and 1.6 s with it. A changed file
 * only misses its own entry. A cache that cannot be written is skipped, never an error.
 */
enableCompileCache();
