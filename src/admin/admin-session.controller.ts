import { Body, Controller, Delete, Get, Headers, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { BearerToken } from '../common/http/bearer-token';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { NotFoundError } from '../common/errors/not-found.error';
import type { Operator } from '../operators/operator.entity';
import { OperatorSessionsService } from '../operators/operator-sessions.service';
import { AdminOnly } from './admin-only.decorator';
import { OPERATOR_VIEW_EXAMPLE } from './operator-examples';
import { seconds } from './admin-views';
import { OperatorSignInService } from './operator-sign-in.service';
import { OPERATOR_SCHEMA, SESSION_SCHEMA } from './operator.schemas';
import { operatorView } from './operator-views';
import type { OperatorView, SessionView } from './admin-view-types';
import { SignInDto } from './sign-in.dto';

@ApiTags('admin')
@Controller('admin/session')
export class AdminSessionController {
  constructor(
    private readonly signIns: OperatorSignInService,
    private readonly sessions: OperatorSessionsService,
  ) {}

  @Post()
  @Public()
  @Reason('Signed in')
  @ApiOperation({
    summary:
      "Sign an operator in: the ID token of a login with idflow itself, made by the console's client, becomes a " +
      'session of the admin API for 8 hours (one session per login)',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The session: its token, shown once, and the operator',
    reason: 'Signed in',
    schema: SESSION_SCHEMA,
    data: { token: 'ops_3kQ9...', expiresAt: 1763732400, operator: OPERATOR_VIEW_EXAMPLE },
  })
  @ApiValidationFailure({ path: ['idToken'], message: 'idToken must be a JWT' })
  @ApiFailure(401, 'The ID token is forged, stale, for another client, or already used', 'The ID token is not ...')
  @ApiFailure(403, 'The person is not an operator of this deployment', 'This person is not an operator ...')
  async signIn(@Body() body: SignInDto): Promise<SessionView> {
    const { token, expiresAt, operator } = await this.signIns.signIn(body.idToken);
    return { token, expiresAt: seconds(expiresAt), operator: operatorView(operator) };
  }

  @Get()
  @AdminOnly()
  @Reason('Session')
  @ApiOperation({ summary: 'The operator whose session this is' })
  @ApiEnvelope({ description: 'The operator', reason: 'Session', schema: OPERATOR_SCHEMA, data: OPERATOR_VIEW_EXAMPLE })
  @ApiFailure(404, 'ADMIN_TOKEN was presented, which is no session', 'ADMIN_TOKEN holds no session')
  async holder(@Headers('authorization') authorization: string): Promise<OperatorView> {
    return operatorView(await this.sessionOperator(authorization));
  }

  @Delete()
  @AdminOnly('viewer')
  @Reason('Signed out')
  @ApiOperation({ summary: 'Sign out: the session presented ends at once' })
  @ApiEnvelope({
    description: 'The operator whose session ended',
    reason: 'Signed out',
    schema: OPERATOR_SCHEMA,
    data: OPERATOR_VIEW_EXAMPLE,
  })
  @ApiFailure(404, 'ADMIN_TOKEN was presented, which is no session', 'ADMIN_TOKEN holds no session')
  async signOut(@Headers('authorization') authorization: string): Promise<OperatorView> {
    const operator = await this.sessionOperator(authorization);
    await this.signIns.signOut(BearerToken.presentedIn(authorization) ?? '');
    return operatorView(operator);
  }

  /** The guard has let the caller in: with a session token, its operator; else they hold ADMIN_TOKEN. */
  private async sessionOperator(authorization: string): Promise<Operator> {
    const operator = await this.sessions.operatorOf(BearerToken.presentedIn(authorization) ?? '');
    if (!operator) throw new NotFoundError('ADMIN_TOKEN holds no session');
    return operator;
  }
}
