import type { INestApplicationContext, ModuleMetadata } from '@nestjs/common';

/** What a command shows: one JSON object with `--json`, otherwise a short summary for a person. */
export interface CommandResult {
  json: object;
  human: string;
}

/** What a command streams: JSON lines written as they are read, so that a long answer is never held whole. */
export interface StreamedResult {
  lines: AsyncIterable<string>;
}

export interface OutputOptions {
  json?: boolean;
}

/**
 * What a command does once the application context is up, and the parts of the service it needs beside the
 * configuration and the database that every command gets. It lives in its own file, which the command loads only when
 * it runs, so that `--help` and `--version` never load the service.
 */
export interface CliAction<Options> {
  needs: Pick<ModuleMetadata, 'imports' | 'providers'>;
  /**
   * A command that changes something: its name and the ids it names, for the operators' audit log. `made` is its
   * answer when it succeeded, from which a create names the ids of what it made, and nothing else: an answer may carry
   * a secret shown only once.
   */
  audit?: { command: string; target: (options: Options, made?: CommandResult['json']) => Record<string, string> };
  run(context: INestApplicationContext, options: Options): Promise<CommandResult | StreamedResult>;
}
