import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  DEVICE_LIST_SCHEMA,
  ENROLLMENT_CODE_SCHEMA,
  PERSON_ANSWER_SCHEMA,
  PERSON_WITH_DEVICES_SCHEMA,
} from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import type { IssuedEnrollmentCode } from '../devices/devices.service';
import { DEVICE_VIEW_EXAMPLE, ENROLLMENT_CODE_EXAMPLE, PERSON_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { AdminPersonsService } from './admin-persons.service';
import { deviceView, personView, personWithDevicesView } from './admin-views';
import type { DeviceView, PasskeyView, PersonView, PersonWithDevicesView } from './admin-view-types';
import { CreatePersonDto } from './create-person.dto';
import { PASSKEY_LIST_SCHEMA } from './operations.schemas';
import { PASSKEY_VIEW_EXAMPLE, passkeyView } from './passkey-views';
import { PersonParamsDto } from './person-params.dto';

const UNKNOWN_PERSON = ApiFailure(
  404,
  'No person has this NIN in this environment',
  `No person has NIN ${PERSON_VIEW_EXAMPLE.nin} in production`,
);
const BAD_PERSON_PARAMS = ApiValidationFailure({
  path: ['nin'],
  message: 'nin must be a NIN of 11 to 32 characters',
  code: 'too_small',
});

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/persons')
export class AdminPersonsController {
  constructor(private readonly persons: AdminPersonsService) {}

  @Post()
  @Reason('Person created')
  @ApiOperation({
    summary: 'Add a person (a holder) by NIN to one environment, with the claim values their digital ID can release',
    description:
      'Same as `npm run cli -- person:create`. The answer lists which claims the person holds, never their values. ' +
      'The person has no digital ID until a device enrolls with a code from `POST /admin/persons/{environment}/{nin}/enrollment-codes`.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The new person',
    reason: 'Person created',
    schema: PERSON_ANSWER_SCHEMA,
    data: { person: PERSON_VIEW_EXAMPLE },
  })
  @ApiValidationFailure({
    path: ['claims', 'naming', 'nmae'],
    message: 'naming.nmae is not a known claim',
    code: 'unrecognized_keys',
  })
  @ApiFailure(
    409,
    'The NIN is already a person in this environment',
    'A person with NIN 23456789012 already exists in production',
  )
  async create(@Body() body: CreatePersonDto): Promise<{ person: PersonView }> {
    return { person: personView(await this.persons.create(body)) };
  }

  @Get(':environment/:nin')
  @Reason('Person')
  @ApiOperation({ summary: 'A person, the claims they hold (keys only) and their active devices (never keys)' })
  @ApiEnvelope({
    description: 'The person and their devices, oldest first',
    reason: 'Person',
    schema: PERSON_WITH_DEVICES_SCHEMA,
    data: { person: { ...PERSON_VIEW_EXAMPLE, hasDigitalId: true }, devices: [DEVICE_VIEW_EXAMPLE] },
  })
  @BAD_PERSON_PARAMS
  @UNKNOWN_PERSON
  async find(@Param() params: PersonParamsDto): Promise<PersonWithDevicesView> {
    return personWithDevicesView(await this.persons.find(params.environment, params.nin));
  }

  @Get(':environment/:nin/devices')
  @Reason('Devices')
  @ApiOperation({
    summary: "Every device of a person's digital ID, revoked ones included (never a key)",
    description: 'Same as `npm run cli -- devices:list`. Revoke one with `POST /admin/devices/{deviceId}/revoke`.',
  })
  @ApiEnvelope({
    description: 'The devices, oldest first',
    reason: 'Devices',
    schema: DEVICE_LIST_SCHEMA,
    data: {
      devices: [
        DEVICE_VIEW_EXAMPLE,
        { ...DEVICE_VIEW_EXAMPLE, id: 'dev_2bT9xK4mQ7nL1pV8cR3sW6yZ', revokedAt: 1763790000 },
      ],
    },
  })
  @BAD_PERSON_PARAMS
  @UNKNOWN_PERSON
  async devices(@Param() params: PersonParamsDto): Promise<{ devices: DeviceView[] }> {
    return { devices: (await this.persons.devicesOf(params.environment, params.nin)).map(deviceView) };
  }

  @Get(':environment/:nin/passkeys')
  @Reason('Passkeys')
  @ApiOperation({
    summary: "The passkeys of a person's devices, beside them: which device each verifies, when it was made, revoked",
    description:
      'Never a key or credential id. Revoke one with `POST /admin/devices/{deviceId}/passkey/revoke`: that device ' +
      'then approves nothing until it registers a new passkey.',
  })
  @ApiEnvelope({
    description: 'The passkeys, oldest first',
    reason: 'Passkeys',
    schema: PASSKEY_LIST_SCHEMA,
    data: { passkeys: [PASSKEY_VIEW_EXAMPLE] },
  })
  @BAD_PERSON_PARAMS
  @UNKNOWN_PERSON
  async passkeys(@Param() params: PersonParamsDto): Promise<{ passkeys: PasskeyView[] }> {
    return { passkeys: (await this.persons.passkeysOf(params.environment, params.nin)).map(passkeyView) };
  }

  @Post(':environment/:nin/enrollment-codes')
  @Reason('Enrollment code issued')
  @ApiOperation({
    summary: 'Issue a one-time code, valid a day, that enrolls one device for this person',
    description:
      "Same as `npm run cli -- device:enrollment-code`. The holder's digital-ID app enrolls with it through " +
      '`POST /wallet/v1/devices` (`{ "code": "..." }`, signed with the new device key). The code is shown in this answer only.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The code and until when it works (Unix seconds)',
    reason: 'Enrollment code issued',
    schema: ENROLLMENT_CODE_SCHEMA,
    data: ENROLLMENT_CODE_EXAMPLE,
  })
  @BAD_PERSON_PARAMS
  @UNKNOWN_PERSON
  issueEnrollmentCode(@Param() params: PersonParamsDto): Promise<IssuedEnrollmentCode> {
    return this.persons.issueEnrollmentCode(params.environment, params.nin);
  }
}
