/**
 * The baseline idflow is measured against: a stock Nest app with the request pipeline idflow ships, built from the same
 * code (src/bootstrap/pipeline-options.ts: logger, metrics, helmet, CORS, client address, rate limit, body parser,
 * ValidationPipe and envelope, with their options), an API-key guard on a Set, and no idflow logic. GET answers a small
 * object; POST validates a body shaped like a ping's (one field, three validators) and answers it.
 *
 *   PORT=3002 DATA_DIR=/tmp/pipeline node --no-experimental-strip-types -r @swc-node/register bench/support/pipeline-nest.app.ts
 */
import 'reflect-metadata';
import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Module,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IsDefined, IsString, Length } from 'class-validator';
import type { Request } from 'express';
import { Logger } from 'nestjs-pino';
import {
  NEST_APP_OPTIONS,
  pipelineModules,
  pipelineProviders,
  usePipelineHead,
  usePipelineTail,
} from '../../src/bootstrap/pipeline-options';
import { loadConfig } from '../../src/config/load-config';
import { PIPELINE_API_KEY } from './pipeline-nest.key';

class PingDto {
  @IsDefined({ message: 'request is required' })
  @IsString()
  @Length(4, 64)
  request: string;
}

@Injectable()
class ApiKeyGuard implements CanActivate {
  private readonly keys = new Set([PIPELINE_API_KEY]);

  canActivate(context: ExecutionContext): boolean {
    const key = context.switchToHttp().getRequest<Request>().headers['x-api-key'];
    if (typeof key === 'string' && this.keys.has(key)) return true;
    throw new UnauthorizedException();
  }
}

@Controller('api')
class PipelineController {
  @Get('hello')
  hello(): object {
    return { hello: 'world' };
  }

  @Post('ping')
  @HttpCode(200)
  ping(@Body() body: PingDto): object {
    return { request: { id: body.request, status: 'pending' } };
  }
}

const config = loadConfig();

@Module({
  imports: pipelineModules(config),
  controllers: [PipelineController],
  providers: [...pipelineProviders(), { provide: APP_GUARD, useClass: ApiKeyGuard }],
})
class PipelineModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(PipelineModule, NEST_APP_OPTIONS);
  app.useLogger(app.get(Logger));
  usePipelineHead(app);
  usePipelineTail(app);
  await app.listen(config.PORT, '127.0.0.1');
}

void main();
