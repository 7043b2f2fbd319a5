import { SetMetadata } from '@nestjs/common';

export const ENVELOPE_REASON = 'idflow:envelope-reason';
export const RAW_RESPONSE = 'idflow:raw-response';

/** The human-readable `reason` of a successful answer. */
export const Reason = (reason: string) => SetMetadata(ENVELOPE_REASON, reason);

/** The handler writes its own body (plain text, a stream, a page): no envelope is put around it. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
