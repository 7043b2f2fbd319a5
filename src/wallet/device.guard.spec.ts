import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { httpContext } from '../../test/support/http-execution-context';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import type { Device } from '../devices/device.entity';
import type { ProvenKey } from '../devices/proven-key';
import { DeviceAuth } from './device-auth.decorator';
import type { DeviceProofService, ProofTarget } from './device-proof.service';
import { DeviceGuard } from './device.guard';

describe('DeviceGuard', () => {
  const device = { id: 'dev_1', nin: '10000000001' } as Device;
  const provenKey = { alg: 'ES256', thumbprint: 'thumb' } as ProvenKey;
  const seen: Array<{ kind: string; authorization: string | undefined; target: ProofTarget }> = [];
  const proofs = {
    verifyDevice: (authorization: string | undefined, target: ProofTarget) => {
      seen.push({ kind: 'device', authorization, target });
      if (authorization !== 'Device good') throw new UnauthenticatedError('Device proof rejected: bad signature');
      return Promise.resolve(device);
    },
    verifyNewKey: (authorization: string | undefined, target: ProofTarget) => {
      seen.push({ kind: 'enrollment', authorization, target });
      return Promise.resolve(provenKey);
    },
  } as unknown as DeviceProofService;
  const guard = new DeviceGuard(new Reflector(), proofs);

  const request = (authorization?: string) =>
    ({
      method: 'POST',
      path: '/wallet/v1/flows/req_1/approve',
      headers: authorization ? { authorization } : {},
    }) as unknown as Request;

  beforeEach(() => seen.splice(0));

  it('checks the proof against this method and path and attaches the device that signed it', async () => {
    const incoming = request('Device good');
    await expect(guard.canActivate(httpContext(incoming, { handler: [DeviceAuth()] }))).resolves.toBe(true);
    expect(seen).toEqual([
      {
        kind: 'device',
        authorization: 'Device good',
        target: { method: 'POST', path: '/wallet/v1/flows/req_1/approve' },
      },
    ]);
    expect(incoming.device).toBe(device);
    expect(incoming.provenKey).toBeUndefined();
  });

  it('on an enrollment route, takes the new key the proof carries instead of an enrolled device', async () => {
    const incoming = request('Device new-key');
    await expect(guard.canActivate(httpContext(incoming, { handler: [DeviceAuth('enrollment')] }))).resolves.toBe(true);
    expect(seen.map(({ kind }) => kind)).toEqual(['enrollment']);
    expect(incoming.provenKey).toBe(provenKey);
    expect(incoming.device).toBeUndefined();
  });

  it('lets a refused proof through as the 401 it is, attaching nothing', async () => {
    const incoming = request('Device forged');
    await expect(guard.canActivate(httpContext(incoming, { handler: [DeviceAuth()] }))).rejects.toThrow(
      'Device proof rejected: bad signature',
    );
    expect(incoming.device).toBeUndefined();
  });

  it('hands a missing Authorization header to the proof check, which refuses it', async () => {
    await expect(guard.canActivate(httpContext(request(), { handler: [DeviceAuth()] }))).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(seen[0].authorization).toBeUndefined();
  });
});
