import type { Response } from 'express';
import { NotFoundError } from '../errors/not-found.error';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';
import { type BuiltAppFile, type BuiltAppName, builtAppDir, readBuiltAppFiles } from './built-app-files';

/** A web app built from libs/ and served by name under its own content security policy. */
export class BuiltApp {
  private readonly files: Map<string, BuiltAppFile>;

  constructor(
    private readonly title: string,
    private readonly policy: string,
    name: BuiltAppName,
    dir = builtAppDir(name),
  ) {
    this.files = readBuiltAppFiles(dir);
  }

  send(response: Response, name: string): void {
    if (this.files.size === 0) throw new ServiceUnavailableError(`The ${this.title} is not built: run npm run build`);
    const file = this.files.get(name);
    if (!file) throw new NotFoundError(`The ${this.title} has no such file`);
    response.setHeader('content-security-policy', this.policy);
    response.setHeader('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    response.setHeader('content-type', file.type);
    response.send(file.body);
  }
}
