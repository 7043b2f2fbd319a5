import { Injectable } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { AppConfig } from '../config/app-config';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { DevicePasskey } from './device-passkey.entity';
import type { Device } from './device.entity';
import { PasskeyNotFoundError } from './errors/passkey-not-found.error';
import { PasskeyAlreadyRegisteredError } from './errors/passkey-already-registered.error';
import { PasskeyRefusedError } from './errors/passkey-refused.error';
import { PasskeyRepository } from './passkey.repository';
import type { PasskeyState } from './passkey-state';

/** Long enough for a person to find their phone and unlock it, short enough that a stolen option goes stale. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'idflow';
const REVOKED = "this device's passkey was revoked: the holder registers a new one before approving again";

/** The WebAuthn library, loaded with the first passkey asked for rather than at every start (about 0.15 s of it). */
const webauthn = () => import('@simplewebauthn/server');

/** Where the challenge a WebAuthn response answers is: base64url JSON with a `challenge` member. */
function challengeAnswered(clientDataJSON: unknown): string {
  try {
    const clientData = JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof clientData.challenge === 'string') return clientData.challenge;
  } catch {
    // Refused below, as any response without a readable challenge.
  }
  throw new PasskeyRefusedError('the response carries no readable clientDataJSON challenge');
}

/** Why a challenge issued for one purpose does not serve another. */
function mismatch(expectedFlowId: string | null, issuedFlowId: string | null): string {
  if (expectedFlowId === null) return 'the response answers a challenge issued for a flow';
  if (issuedFlowId === null) return 'the assertion answers a registration challenge';
  return 'the assertion was made for another flow';
}

/**
 * Devices' passkeys (WebAuthn, user verification required): registering one, and checking that an approval from a
 * device that has one carries a fresh assertion made for that very flow. Every challenge is issued to one device (and
 * flow), expires, and is spent by the first response that answers it, on any instance, in the database.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly passkeys: PasskeyRepository,
    config: AppConfig,
  ) {
    // The holder app is served from BASE_URL, so its origin is the one the browser binds passkeys to.
    const base = new URL(config.BASE_URL);
    this.rpId = base.hostname;
    this.origin = base.origin;
  }

  /** Whether the device has a passkey that works: a revoked one makes room for a new one. */
  async hasPasskey(device: Device): Promise<boolean> {
    return (await this.stateOf(device)) === 'registered';
  }

  /** The device's passkey as its holder app is told it. */
  async stateOf(device: Device): Promise<PasskeyState> {
    const passkey = await this.passkeys.findFor(device.id);
    if (!passkey) return 'none';
    return passkey.revokedAt === null ? 'registered' : 'revoked';
  }

  /** The passkeys of these devices, revoked ones included, oldest first. */
  passkeysOf(devices: Device[]): Promise<DevicePasskey[]> {
    return this.passkeys.findForDevices(devices.map((device) => device.id));
  }

  /**
   * Revokes the device's passkey (a lost or shared authenticator): its approvals are refused from then on, never let
   * through without user verification, until the holder registers a new passkey. Revoking twice keeps the first time.
   */
  async revoke(deviceId: string): Promise<DevicePasskey> {
    await this.passkeys.revoke(deviceId, Date.now());
    const passkey = await this.passkeys.findFor(deviceId);
    if (!passkey) throw new PasskeyNotFoundError();
    return passkey;
  }

  async registrationOptions(device: Device): Promise<PublicKeyCredentialCreationOptionsJSON> {
    if (await this.hasPasskey(device)) throw new PasskeyAlreadyRegisteredError();
    const { generateRegistrationOptions } = await webauthn();
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: device.label,
      userDisplayName: device.label,
      userID: new TextEncoder().encode(device.id),
      challenge: await this.issueChallenge(device, null),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      supportedAlgorithmIDs: [-7, -257],
    });
  }

  async register(device: Device, response: RegistrationResponseJSON): Promise<DevicePasskey> {
    const challenge = await this.spendChallenge(device, null, response?.response?.clientDataJSON);
    const { verifyRegistrationResponse } = await webauthn();
    let verification: VerifiedRegistrationResponse;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      throw new PasskeyRefusedError((error as Error).message);
    }
    if (!verification.verified) throw new PasskeyRefusedError('the registration did not verify');
    const { credential } = verification.registrationInfo;
    try {
      return await this.passkeys.insert({
        deviceId: device.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        createdAt: Date.now(),
        revokedAt: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PasskeyAlreadyRegisteredError();
      throw error;
    }
  }

  /** Options for the assertion that approves this flow: a challenge valid for this device and this flow only. */
  async assertionOptions(device: Device, flowId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkey = await this.passkeys.findFor(device.id);
    if (!passkey) throw new PasskeyRefusedError('this device has no passkey');
    if (passkey.revokedAt !== null) throw new PasskeyRefusedError(REVOKED);
    const { generateAuthenticationOptions } = await webauthn();
    return generateAuthenticationOptions({
      rpID: this.rpId,
      challenge: await this.issueChallenge(device, flowId),
      userVerification: 'required',
      allowCredentials: [
        { id: passkey.credentialId, transports: JSON.parse(passkey.transports) as AuthenticatorTransport[] },
      ],
    });
  }

  /**
   * Lets an approval of this flow through when the device has no passkey, or when `assertion` is a user-verified
   * assertion by the device's passkey over a challenge issued for this flow and not used before; refuses it otherwise.
   */
  async checkApproval(
    device: Device,
    flowId: string,
    assertion: AuthenticationResponseJSON | undefined,
  ): Promise<void> {
    const passkey = await this.passkeys.findFor(device.id);
    if (!passkey) return;
    if (passkey.revokedAt !== null) throw new PasskeyRefusedError(REVOKED);
    if (!assertion) {
      throw new PasskeyRefusedError(
        'this device has a passkey, so an approval needs a fresh assertion made for this flow ' +
          `(POST /wallet/v1/flows/${flowId}/passkey-challenge)`,
      );
    }
    if (assertion.id !== passkey.credentialId)
      throw new PasskeyRefusedError("the assertion is not by this device's passkey");
    const challenge = await this.spendChallenge(device, flowId, assertion.response?.clientDataJSON);
    const { verifyAuthenticationResponse } = await webauthn();
    let verification: VerifiedAuthenticationResponse;
    try {
      verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.signCount,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      throw new PasskeyRefusedError((error as Error).message);
    }
    if (!verification.verified) throw new PasskeyRefusedError('the assertion did not verify');
    await this.passkeys.setSignCount(device.id, verification.authenticationInfo.newCounter);
  }

  /** Random bytes for the options; kept as the base64url text that the browser echoes in clientDataJSON. */
  private async issueChallenge(device: Device, flowId: string | null): Promise<Uint8Array<ArrayBuffer>> {
    const now = Date.now();
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    await this.passkeys.insertChallenge({
      challenge: Buffer.from(bytes).toString('base64url'),
      deviceId: device.id,
      flowId,
      expiresAt: now + CHALLENGE_TTL_MS,
      usedAt: null,
    });
    await this.passkeys.deleteChallengesExpiredBefore(now - CHALLENGE_TTL_MS);
    return bytes;
  }

  /**
   * The challenge the response answers, once it is known to be issued to this device for this flow (or for
   * registration), unexpired, and spent by this call: a compare-and-set, so two responses racing with one assertion
   * cannot both pass. It is spent before the signature is checked, so a refused response cannot be retried either.
   */
  private async spendChallenge(device: Device, flowId: string | null, clientDataJSON: unknown): Promise<string> {
    const challenge = challengeAnswered(clientDataJSON);
    const issued = await this.passkeys.findChallenge(challenge);
    if (!issued || issued.deviceId !== device.id) {
      throw new PasskeyRefusedError('the response answers no challenge issued to this device');
    }
    if (issued.flowId !== flowId) throw new PasskeyRefusedError(mismatch(flowId, issued.flowId));
    const now = Date.now();
    if (issued.usedAt !== null) throw new PasskeyRefusedError('the assertion was already used');
    if (!(await this.passkeys.spendChallenge(challenge, now))) {
      throw new PasskeyRefusedError(
        issued.expiresAt <= now ? 'the challenge expired' : 'the assertion was already used',
      );
    }
    return challenge;
  }
}
