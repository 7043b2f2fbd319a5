import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min, MinLength, ValidateNested } from 'class-validator';
import { Public } from '../../src/common/route-access/public.decorator';
import { Reason } from '../../src/common/envelope/envelope.decorator';

/** A detail that must never reach a caller: the 500 test looks for it in the answer. */
export const LEAKY_DETAIL = 'connection to db-internal:5432 refused for user idflow_owner';

class EchoItem {
  @IsInt()
  @Min(1)
  count: number;
}

class EchoBody {
  @IsString()
  @MinLength(2)
  name: string;

  @ValidateNested()
  @Type(() => EchoItem)
  item: EchoItem;
}

/** Test-only routes for the cross-cutting answer shapes: a validated body, an unexpected error, an undeclared route. */
@Controller()
export class EnvelopeProbeController {
  @Post(['api/v1/probe/echo', 'api/v2/probe/echo'])
  @HttpCode(200)
  @Public()
  @Reason('Echoed')
  echo(@Body() body: EchoBody): EchoBody {
    return body;
  }

  @Get(['api/v1/probe/failure', 'api/v2/probe/failure'])
  @Public()
  fail(): never {
    throw new Error(LEAKY_DETAIL);
  }

  /** Declares neither `@Public()` nor `@Auth()`, so the deny-by-default guard refuses it. */
  @Get('api/v2/probe/undeclared')
  undeclared(): string {
    return 'should never be served';
  }
}
