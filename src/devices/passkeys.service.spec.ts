import type { DataSource } from 'typeorm';
import { inMemoryDataSource } from '../../test/support/in-memory-data-source';
import { SoftwarePasskey } from '../../test/support/software-passkey';
import type { AppConfig } from '../config/app-config';
import { DevicePasskey } from './device-passkey.entity';
import type { Device } from './device.entity';
import { PasskeyChallenge } from './passkey-challenge.entity';
import { PasskeyRepository } from './passkey.repository';
import { PasskeysService } from './passkeys.service';

describe('PasskeysService', () => {
  const base = 'https://id.example';
  const device = { id: 'dev_phone', label: 'Phone' } as Device;
  let dataSource: DataSource;
  let passkeys: PasskeysService;
  let authenticator: SoftwarePasskey;

  beforeEach(async () => {
    dataSource = await inMemoryDataSource([DevicePasskey, PasskeyChallenge], []);
    passkeys = new PasskeysService(
      new PasskeyRepository(dataSource.getRepository(DevicePasskey), dataSource.getRepository(PasskeyChallenge)),
      { BASE_URL: base } as AppConfig,
    );
    authenticator = new SoftwarePasskey(base);
    await passkeys.register(device, authenticator.create(await passkeys.registrationOptions(device)));
  });
  afterEach(() => dataSource.destroy());

  it('takes the relying party from BASE_URL and stores the passkey against the device', async () => {
    const options = await passkeys.assertionOptions(device, 'req_1');
    expect(options).toMatchObject({ rpId: 'id.example', allowCredentials: [{ id: authenticator.id }] });
    await expect(passkeys.hasPasskey(device)).resolves.toBe(true);
    await expect(passkeys.checkApproval(device, 'req_1', authenticator.get(options))).resolves.toBeUndefined();
  });

  it('refuses an assertion once its challenge has expired', async () => {
    const options = await passkeys.assertionOptions(device, 'req_1');
    await dataSource
      .getRepository(PasskeyChallenge)
      .update({ challenge: options.challenge }, { expiresAt: Date.now() });
    await expect(passkeys.checkApproval(device, 'req_1', authenticator.get(options))).rejects.toThrow(
      'Passkey refused: the challenge expired',
    );
  });

  it('keeps challenges apart by device and by purpose: registration, or approving one flow', async () => {
    const forFlow = await passkeys.assertionOptions(device, 'req_1');
    const other = { id: 'dev_other', label: 'Other' } as Device;
    const otherAuthenticator = new SoftwarePasskey(base);
    const unanswered = await passkeys.registrationOptions(other);
    await expect(
      passkeys.register(other, otherAuthenticator.create({ ...unanswered, challenge: forFlow.challenge })),
    ).rejects.toThrow('Passkey refused: the response answers no challenge issued to this device');
    await passkeys.register(other, otherAuthenticator.create(await passkeys.registrationOptions(other)));

    const ownFlow = await passkeys.assertionOptions(other, 'req_1');
    await expect(
      passkeys.checkApproval(other, 'req_1', otherAuthenticator.get({ ...ownFlow, challenge: unanswered.challenge })),
    ).rejects.toThrow('Passkey refused: the assertion answers a registration challenge');
    await expect(passkeys.checkApproval(other, 'req_2', otherAuthenticator.get(ownFlow))).rejects.toThrow(
      'Passkey refused: the assertion was made for another flow',
    );
  });
});
