import { DynamicModule, Module } from '@nestjs/common';
import { BackgroundWork, RUNS_BACKGROUND_WORK } from './background-work';

/** The process's background work; global, so that any feature may declare some. The assembly says if it runs. */
@Module({})
export class BackgroundWorkModule {
  static forRoot(options: { runs: boolean }): DynamicModule {
    return {
      module: BackgroundWorkModule,
      global: true,
      providers: [{ provide: RUNS_BACKGROUND_WORK, useValue: options.runs }, BackgroundWork],
      exports: [BackgroundWork],
    };
  }
}
