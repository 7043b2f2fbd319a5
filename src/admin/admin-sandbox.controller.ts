import { Controller, Post } from '@nestjs/common';
import { SANDBOX_BOOTSTRAP_SCHEMA } from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope } from '../common/openapi/api-envelope.decorator';
import { SandboxBootstrap, SandboxBootstrapService } from '../sandbox/sandbox-bootstrap.service';
import { SANDBOX_BOOTSTRAP_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/sandbox')
export class AdminSandboxController {
  constructor(private readonly sandbox: SandboxBootstrapService) {}

  @Post('bootstrap')
  @Reason('Sandbox ready')
  @ApiOperation({
    summary: 'Create a sandbox consumer and app with every scope, a key pair and a `bk-test_` key',
    description:
      'The synthetic test persons are seeded on the first call and shared by every later one. Same result as ' +
      '`npm run cli -- sandbox:bootstrap --json`. The secrets are shown in this answer only.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'Credentials and test persons',
    reason: 'Sandbox ready',
    schema: SANDBOX_BOOTSTRAP_SCHEMA,
    data: SANDBOX_BOOTSTRAP_EXAMPLE,
  })
  bootstrap(): Promise<SandboxBootstrap> {
    return this.sandbox.bootstrap();
  }
}
