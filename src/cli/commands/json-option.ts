import { Option } from 'commander';

/** Every command takes `--json`: its result as exactly one JSON object on stdout, for scripts. */
export const jsonOption = () => new Option('--json', 'print the result as one JSON object on stdout');
