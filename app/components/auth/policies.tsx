// Short summaries shown in the sign-up policy dialogs; the full texts live at /risk-disclosure and /terms.
export const POLICIES = {
  risk: {
    field: "acceptRisk",
    title: "Options Trading Risk Disclosure",
    href: "/risk-disclosure",
    summary: [
      "Options involve risk and are not suitable for every investor. You can lose more than the premium you collect, and assignment can leave you holding or owing shares at a loss.",
      "Prices, probabilities and ideas shown in Wheelhouse are estimates for education. They are not recommendations, and past or modelled results do not predict future returns.",
      "Wheelhouse does not place trades, act as a broker or hold funds. Every decision and its outcome are yours.",
    ],
  },
  terms: {
    field: "acceptTerms",
    title: "Terms of Use",
    href: "/terms",
    summary: [
      "You must be 18 or older to use Wheelhouse. The service is software for education and analysis only.",
      "You are responsible for your own trading decisions and for keeping your account credentials safe.",
      "Disputes are settled by binding arbitration as described in the full terms; subscriptions are billed by our payment provider.",
    ],
  },
} as const;

export type PolicyKey = keyof typeof POLICIES;
