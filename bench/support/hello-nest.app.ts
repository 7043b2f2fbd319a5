/**
 * The floor idflow is measured against: a hello-world Nest app on the same adapter (Express) and the same package
 * versions, with Nest's default JSON body parser and no logger. GET answers a small envelope; POST echoes the body.
 *
 *   PORT=3001 node --no-experimental-strip-types -r @swc-node/register bench/support/hello-nest.app.ts
 */
import 'reflect-metadata';
import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

@Controller()
class HelloController {
  @Get('hello')
  hello(): object {
    return { status: 'success', reason: 'Hello', version: 2, data: { hello: 'world' } };
  }

  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown): object {
    return { status: 'success', reason: 'Echo', version: 2, data: body };
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(HelloModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

void main();
