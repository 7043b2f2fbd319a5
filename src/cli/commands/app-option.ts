import type { OutputOptions } from '../cli-action';

/** The options of a command about one app, named by `--app`. */
export interface AppOptions extends OutputOptions {
  app: string;
}
