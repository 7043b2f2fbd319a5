/** Spec section 5: identification creates use authentication billing, signing and document creates signature billing. */
export const BILLING_CATEGORIES = ['authentication', 'signature'] as const;
export type BillingCategory = (typeof BILLING_CATEGORIES)[number];
