import { Injectable } from '@nestjs/common';
import { RequestValidationError } from '../common/errors/request-validation.error';
import type { ValidationIssue } from '../common/errors/validation-issue';
import { AppConfig } from '../config/app-config';
import { DevicesService } from '../devices/devices.service';
import { NoDigitalIdError } from '../devices/errors/no-digital-id.error';
import { PersonsService } from '../persons/persons.service';
import type { Environment } from '../tenants/environment';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DocumentFileFetcher } from './document-file.fetcher';
import type { DocumentRequest, SigneeInput } from './document-request';
import { signingSteps } from './signing-steps';

/** A request admitted: its signees, in the caller's order, and the step each signs in. */
export interface AdmittedSignees {
  signees: SigneeInput[];
  steps: number[];
}

/**
 * Decides whether a document request may start a flow, before anything is fetched or stored: the webhook and file
 * addresses, repeated NINs, reminders beyond the document's lifetime and NINs without a digital ID are refused here.
 */
@Injectable()
export class DocumentAdmission {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly fetcher: DocumentFileFetcher,
    private readonly devices: DevicesService,
    private readonly persons: PersonsService,
    private readonly config: AppConfig,
  ) {}

  async admit(request: DocumentRequest, environment: Environment): Promise<AdmittedSignees> {
    await this.webhooks.checkUrl(request.webhook.host);
    this.fetcher.checkUrl(request.file.url);
    const signees =
      request.delivery === 'review'
        ? (request.signee ?? [])
        : await this.signeesFromNins(request.to ?? [], environment);
    this.refuseRepeatedNins(signees, request.delivery === 'review' ? 'signee' : 'to');
    this.refuseRemindersBeyondLifetime(request.reminders);
    const steps = signingSteps(signees, request.signingOrder ?? 'parallel');
    for (const signee of signees) {
      if (!(await this.devices.hasDigitalId(signee.nin, environment))) throw new NoDigitalIdError();
    }
    return { signees, steps };
  }

  /** Simple signing names only NINs: the signature page shows the name we hold for each, or the NIN. */
  private async signeesFromNins(nins: string[], environment: Environment): Promise<SigneeInput[]> {
    return Promise.all(
      nins.map(async (nin) => {
        const claims = (await this.persons.find(environment, nin))?.claims ?? {};
        const name = claims.naming?.name;
        const email = claims.contact?.email;
        return {
          nin,
          name: typeof name === 'string' && name.length > 0 ? name.slice(0, 200) : nin,
          type: 'person' as const,
          email: typeof email === 'string' ? email.slice(0, 320) : '',
          representing: '',
        };
      }),
    );
  }

  private refuseRemindersBeyondLifetime(reminders: DocumentRequest['reminders']): void {
    if (!reminders) return;
    const lifetime = this.config.DOCUMENT_TTL_SECONDS;
    const issues: ValidationIssue[] = (['firstAfterSeconds', 'everySeconds'] as const)
      .filter((field) => reminders[field] > lifetime)
      .map((field) => ({
        code: 'too_big',
        path: ['reminders', field],
        message: `${field} must not exceed the document's lifetime of ${lifetime} seconds`,
      }));
    if (issues.length > 0) throw new RequestValidationError(issues);
  }

  private refuseRepeatedNins(signees: SigneeInput[], field: 'to' | 'signee'): void {
    const seen = new Set<string>();
    const issues: ValidationIssue[] = [];
    signees.forEach((signee, index) => {
      if (seen.has(signee.nin)) {
        issues.push({
          code: 'custom',
          path: field === 'to' ? ['to', index] : ['signee', index, 'nin'],
          message: `${signee.nin} is listed more than once`,
        });
      }
      seen.add(signee.nin);
    });
    if (issues.length > 0) throw new RequestValidationError(issues);
  }
}
