import { SetMetadata } from '@nestjs/common';

/** Metadata of a route that honours `Idempotency-Key` (creates and cancel); `@Auth({ idempotent: true })` sets it. */
export const IDEMPOTENT_ROUTE = 'idflow:idempotent-route';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IdempotentRoute = () => SetMetadata(IDEMPOTENT_ROUTE, true);
