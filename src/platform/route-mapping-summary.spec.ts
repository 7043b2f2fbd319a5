import { Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { RouteMappingSummary } from './route-mapping-summary';

@Controller('things')
class ThingsController {
  @Get()
  list() {
    return [];
  }

  @Post(['v1/thing', 'v2/thing'])
  create() {
    return {};
  }
}

@Controller('other')
class OtherController {
  @Get()
  read() {
    return {};
  }
}

const lines: string[] = [];
const record = (message: unknown, ...params: unknown[]) => lines.push(`${String(params.at(-1))}: ${String(message)}`);

/** Two controllers, four route paths, and the summary in place of the service's logger, as configure-app.ts sets it. */
@Module({
  controllers: [ThingsController, OtherController],
  providers: [
    {
      provide: Logger,
      useValue: { log: record, warn: record, error: record, debug: record, verbose: record, fatal: record },
    },
    RouteMappingSummary,
  ],
})
class TwoControllersModule {}

describe('RouteMappingSummary', () => {
  it("logs one line counting the route paths and controllers Nest mapped, and Nest's other lines as they come", async () => {
    const app = await NestFactory.create(TwoControllersModule, { bufferLogs: true });
    app.useLogger(app.get(RouteMappingSummary));
    await app.init();
    await app.close();
    expect(lines.filter((line) => /Mapped|RouterExplorer|RoutesResolver/.test(line))).toEqual([
      'RoutesResolver: Mapped routes: 4, in controllers: 2',
    ]);
    expect(lines.slice(-2)).toEqual([
      'RoutesResolver: Mapped routes: 4, in controllers: 2',
      'NestApplication: Nest application successfully started',
    ]);
  });
});
