// Billing texts shared by the pricing page and the billing API (docs/product/plans-and-billing.md#checkout
// and docs/product/plans-and-billing.md#cancellation). The server is the authority; the page shows what the
// server answers.

export const BILLING_MESSAGES = {
  notConfigured: "Payments are not configured on this server",
  mustBeLoggedIn: "User must be logged in to create a subscription",
  noEmail: "No email found for user",
  checkoutFailed: "Failed to create checkout session",
  noSessionId: "No session ID returned from server",
  priceUnavailable: "Price information not available",
  noPriceId: "No price ID available for this tier",
  changeFailed: "Failed to change subscription",
  actionFailed: "Failed to process subscription action",
  cancelFailed: "Failed to cancel subscription",
  cancelFailedToast: "Failed to cancel subscription. Please try again.",
  cancelSuccessToast:
    "Your subscription has been canceled. You will have access until the end of your billing period.",
  /**
   * Plan change applied in place (proration); our wording, the original brief has none for it (decision 081).
   */
  changedToast: (tier: string) =>
    `Your plan is now ${tier}. The difference is prorated on your next invoice.`,
  noSubscription: "No active subscription found",
  tooManyRequests: "Too many requests. Please try again in a minute.",
} as const;

export const CANCELLATION_REASONS = [
  "Not many features",
  "Too Expensive",
  "Didn't help in my Options Trading",
  "Others",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_COMMENT_MAX = 1000;
