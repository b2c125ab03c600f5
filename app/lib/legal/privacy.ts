import type { LegalDocument } from "#app/lib/legal/types.ts";

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  description:
    "What Wheelhouse stores about you (account, watchlist, positions, preferences, first-party analytics, billing id, e-mails sent), why, and how to delete it.",
  path: "/privacy",
  lastUpdated: "2026-11-23",
  intro:
    "This policy explains what Wheelhouse collects, why, who else sees it, and how you can see, change or delete it. We collect only what the product needs and we do not sell personal data.",
  sections: [
    {
      heading: "Data we collect",
      blocks: [
        {
          list: [
            "Account: your e-mail address, an optional name, a hashed password (or the identifier of your Google or Apple sign-in), your plan, trial and subscription status, and when you signed up and last signed in.",
            "Sessions: a session cookie, with the IP address and browser description of each session, so you can stay signed in and we can spot misuse.",
            "What you enter: watchlist symbols, stock positions (symbol, shares, cost basis), favorite strategies, wheel settings (available cash, risk level), notification preferences including your time zone, feedback, feature requests, votes, survey answers and contact messages.",
            "Shares: when you share a trade or strategy we store the shared strategy's fields so the link keeps working; shares of strategies carry no personal data.",
            "First-party analytics: page views (path, page title), clicks on marked buttons, scroll depth and product events such as sign-up or starting checkout, with a random anonymous id and, once you sign in, your user id. No third-party analytics or advertising pixels are used.",
            "Billing: the Stripe customer and subscription identifiers linked to your account. Card details are entered on Stripe's pages and never reach our servers.",
            "E-mails sent: a record of each e-mail we sent you (type, subject, time and delivery status), so alerts are not sent twice and failures can be retried.",
          ],
        },
      ],
    },
    {
      heading: "How we use data",
      blocks: [
        {
          list: [
            "To run the service: sign you in, show your watchlist and strategies, enforce your plan, send the alerts you asked for.",
            "To bill paid plans and handle cancellations and refunds.",
            "To keep the service secure: rate limits, abuse prevention, investigating incidents.",
            "To improve the product: aggregated analytics, feedback and feature requests.",
            "To answer you when you contact us.",
          ],
        },
        "We do not use your data for advertising and do not build profiles for third parties.",
      ],
    },
    {
      heading: "Sharing",
      blocks: [
        "We share data only with processors that run parts of the service for us, under contracts that limit their use of it: Cloudflare (hosting, database and storage), Stripe (payments), our e-mail delivery provider, and Google or Apple when you choose to sign in with them. We disclose data when the law requires it. We never sell personal data.",
      ],
    },
    {
      heading: "Security",
      blocks: [
        "Connections are encrypted with HTTPS. Passwords are stored only as salted hashes. Access to production data is limited to the team members who need it, and admin actions are logged. No system is perfectly secure; if a breach affects your data we will tell you without undue delay.",
      ],
    },
    {
      heading: "Retention",
      blocks: [
        "Account data is kept while your account exists. Product analytics events are deleted after 13 months. Records of sent e-mails and billing events are kept as long as needed for support, accounting and legal duties. Expired shared links are removed by a daily job.",
      ],
    },
    {
      heading: "Your rights",
      blocks: [
        "You can see and change most of your data in the app (watchlist, positions, favorites, notification preferences). You can ask us for a copy of your data, or to correct or delete it, through the Contact our team link on the pricing page. Depending on where you live you may also have the right to object to or restrict processing and to complain to a data-protection authority.",
        "Every alert e-mail has a one-click unsubscribe link that works without signing in.",
      ],
    },
    {
      heading: "Account deletion",
      blocks: [
        "You can delete your account yourself: open the account menu, choose Delete Account and confirm. Deletion cancels any active subscription immediately, removes your account, sessions, watchlist, positions, favorites, wheel settings, notification preferences and history, votes, feedback and feature requests, and signs you out. Analytics events keep no link to you afterwards. Payment records that the law requires us to keep stay with Stripe.",
      ],
    },
    {
      heading: "Children",
      blocks: ["Wheelhouse is for adults. We do not knowingly collect data from anyone under 18."],
    },
    {
      heading: "Changes and contact",
      blocks: [
        "We will update the date at the top of this page when this policy changes, and tell signed-in users of material changes. Questions: use the Contact our team link on the pricing page.",
      ],
    },
  ],
};
