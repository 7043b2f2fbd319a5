import { readFile } from 'node:fs/promises';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EudiCredentialsService } from './eudi-credentials.service';
import { checkRegistrationCertificate } from './registration-certificate';
import type { VerifierAttestation } from './wallet-ask';

/** How OpenID4VP's `verifier_info` names a registration certificate, as the EU reference verifier sends it. */
const REGISTRATION_CERT_FORMAT = 'registration_cert';

/**
 * The operator's relying party registration certificate (ETSI TS 119 475), read and checked against the verifier
 * certificate at start, so a mismatch stops the start rather than every wallet request; carried in every request
 * object's `verifier_info`.
 */
@Injectable()
export class RegistrationCertificateService implements OnModuleInit {
  private readonly logger = new Logger(RegistrationCertificateService.name);
  private certificate?: string;

  constructor(
    private readonly credentials: EudiCredentialsService,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const path = this.config.EUDI_REGISTRATION_CERT_PATH;
    if (!path) return;
    const jwt = (await readFile(path, 'utf8')).trim();
    const verifier = await this.credentials.verifier();
    await checkRegistrationCertificate(jwt, verifier.chain[0], `EUDI_REGISTRATION_CERT_PATH ${path}`);
    this.certificate = jwt;
    this.logger.log(`Request objects carry the registration certificate at ${path}`);
  }

  /** The request object's `verifier_info`, when the operator gave a registration certificate. */
  verifierInfo(): VerifierAttestation[] | undefined {
    return this.certificate === undefined ? undefined : [{ format: REGISTRATION_CERT_FORMAT, data: this.certificate }];
  }
}
