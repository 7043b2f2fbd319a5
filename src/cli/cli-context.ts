import 'reflect-metadata';
import type { INestApplicationContext, ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { StderrLogger } from '../common/logging/stderr.logger';
import { loadConfig } from '../config/load-config';
import { CliModule } from './cli.module';

/** The CLI's application context against the service's database, with the modules one command needs. */
export function openCliContext(needs: Pick<ModuleMetadata, 'imports' | 'providers'>): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(CliModule.forRoot(loadConfig(), needs), {
    logger: new StderrLogger(),
    // Nest would otherwise abort the process on a start-up failure, before the caller writes its message.
    abortOnError: false,
  });
}
