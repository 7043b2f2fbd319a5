import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { headerValue } from '../common/http/header-value';
import { DEVICE_PROOF_KIND, type DeviceProofKind } from './device-proof-kind';
import { DeviceProofService } from './device-proof.service';

/** Verifies the device proof of a Wallet API request and attaches the device (or the new key, to enroll). */
@Injectable()
export class DeviceGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly proofs: DeviceProofService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const kind = this.reflector.get<DeviceProofKind>(DEVICE_PROOF_KIND, context.getHandler());
    const authorization = headerValue(request, 'authorization');
    const target = { method: request.method, path: request.path };
    if (kind === 'enrollment') request.provenKey = await this.proofs.verifyNewKey(authorization, target);
    else request.device = await this.proofs.verifyDevice(authorization, target);
    return true;
  }
}
