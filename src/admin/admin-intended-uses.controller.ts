import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { IntendedUsesService } from '../eudi/intended-uses.service';
import { AdminOnly } from './admin-only.decorator';
import { AppIdParamDto } from './app-id-param.dto';
import { IntendedUseParamsDto } from './intended-use-params.dto';
import { INTENDED_USE_LIST_SCHEMA, INTENDED_USE_SCHEMA } from './intended-use.schemas';
import type { IntendedUseView } from './admin-view-types';
import { INTENDED_USE_VIEW_EXAMPLE, intendedUseView } from './intended-use-views';
import { RegisterIntendedUseDto } from './register-intended-use.dto';

const UNKNOWN_APP = ApiFailure(404, 'No app has this id', 'App app_9QwErTyUiOpAsDfGhJkLzXcV does not exist');

/** The intended uses an app registers for the EU wallet (eIDAS Article 5b), which its wallet creates are held to. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/apps/:appId/intended-uses')
export class AdminIntendedUsesController {
  constructor(private readonly intendedUses: IntendedUsesService) {}

  @Post()
  @Reason('Intended use registered')
  @ApiOperation({
    summary: "Register an intended use of the app's EU wallet requests: its purpose, credential types and claims",
    description:
      'Once an app has one, each of its wallet creates is held to one (named by `intendedUse`): claims beyond it ' +
      'are refused with a 400 naming them. To change one, remove it and register it again.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The registered intended use',
    reason: 'Intended use registered',
    schema: INTENDED_USE_SCHEMA,
    data: INTENDED_USE_VIEW_EXAMPLE,
  })
  @ApiValidationFailure({
    path: ['claims', 1],
    message: "financial.bvn cannot be proved by an EU wallet's PID",
    code: 'custom',
  })
  @UNKNOWN_APP
  @ApiFailure(409, 'The app has an intended use of this name', 'The app has an intended use named ... already')
  async register(@Param() params: AppIdParamDto, @Body() body: RegisterIntendedUseDto): Promise<IntendedUseView> {
    return intendedUseView(await this.intendedUses.register(params.appId, body));
  }

  @Get()
  @Reason('Intended uses')
  @ApiOperation({ summary: "The app's registered intended uses, by name" })
  @ApiEnvelope({
    description: 'The intended uses',
    reason: 'Intended uses',
    schema: INTENDED_USE_LIST_SCHEMA,
    data: { intendedUses: [INTENDED_USE_VIEW_EXAMPLE] },
  })
  @UNKNOWN_APP
  async list(@Param() params: AppIdParamDto): Promise<{ intendedUses: IntendedUseView[] }> {
    return { intendedUses: (await this.intendedUses.list(params.appId)).map(intendedUseView) };
  }

  @Delete(':name')
  @Reason('Intended use removed')
  @ApiOperation({ summary: 'Remove an intended use; wallet creates naming it are refused from then on' })
  @ApiEnvelope({
    description: 'The intended use as it was',
    reason: 'Intended use removed',
    schema: INTENDED_USE_SCHEMA,
    data: INTENDED_USE_VIEW_EXAMPLE,
  })
  @ApiFailure(404, 'The app has no intended use of this name', 'App app_... has no intended use named ...')
  async remove(@Param() params: IntendedUseParamsDto): Promise<IntendedUseView> {
    return intendedUseView(await this.intendedUses.remove(params.appId, params.name));
  }
}
