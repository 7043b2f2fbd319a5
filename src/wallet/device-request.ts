import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import type { ProvenKey } from '../devices/proven-key';
import type { Device } from '../devices/device.entity';

declare module '../common/request-context/request-context' {
  interface RequestContext {
    device?: Device;
    provenKey?: ProvenKey;
  }
}

/** The device whose proof the DeviceGuard verified. */
export const CurrentDevice = createParamDecorator((_: unknown, context: ExecutionContext): Device => {
  const device = context.switchToHttp().getRequest<Request>().device;
  if (!device) throw new Error('CurrentDevice used on a route without @DeviceAuth()');
  return device;
});

/** The not-yet-enrolled key whose enrollment proof the DeviceGuard verified. */
export const CurrentProvenKey = createParamDecorator((_: unknown, context: ExecutionContext): ProvenKey => {
  const key = context.switchToHttp().getRequest<Request>().provenKey;
  if (!key) throw new Error("CurrentProvenKey used on a route without @DeviceAuth('enrollment')");
  return key;
});
