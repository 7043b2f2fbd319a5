import type { BillingCategory } from './billing-category';

/** What a reservation took, so that a create that then fails can give exactly that back. */
export type Reservation =
  { kind: 'allowance'; consumerId: string; month: string } | { kind: 'balance'; consumerId: string; amount: number };

/** The pre-check's outcome for one billable call: its category, what it costs, and what was reserved for it. */
export interface BillingCharge {
  category: BillingCategory;
  /** Minor units; the envelope's `cost`. */
  cost: number;
  /** Absent when nothing was reserved (sandbox keys, a price of 0) or once it has been given back. */
  reservation?: Reservation;
}

/** The route a request reached and its billing category, noted before any guard can refuse it. */
export interface MeteredRoute {
  /** Method and route pattern: `POST /api/v2/identification/same-device`. */
  route: string;
  category: BillingCategory | null;
}

declare module '../common/request-context/request-context' {
  interface RequestContext {
    /** Set by the billing interceptor on billable routes; read by the envelope (`cost`) and the meter. */
    billing?: BillingCharge;
    /** Set by the metered-route guard on every routed request. */
    meteredRoute?: MeteredRoute;
  }
}
