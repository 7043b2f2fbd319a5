import { writeFileSync } from 'node:fs';

// Preloaded into a process (`-r` after swc's register, which reads this file): at exit, writes the files it loaded, one
// a line, to LOADED_MODULES_FILE, so that a suite can tell which libraries a command needed.
process.once('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE ?? '', Object.keys(require.cache).join('\n')));
