/** Spec section 5: identification creates use authentication billing, signing and document creates signature billing. */
export const BILLING_CATEGORIES = ['authentication', 'signature'] as const;
export type BillingCategory = (typeof BILLING_CATEGORIES)[number];

/** Route metadata: the billing category of a billable route, set by `@Auth` and read by the billing interceptor and meter. */
export const BILLING_CATEGORY = 'idflow:billing-category';
