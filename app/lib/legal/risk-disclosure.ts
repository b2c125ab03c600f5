import type { LegalDocument } from "#app/lib/legal/types.ts";

export const RISK_DISCLOSURE: LegalDocument = {
  title: "Risk Disclosure",
  description:
    "The risks of trading options and of using Wheelhouse's ideas: market, leverage, liquidity, volatility, time decay, assignment, exercise, strategy, margin and platform risks.",
  path: "/risk-disclosure",
  lastUpdated: "2026-11-23",
  intro:
    "Options trading involves substantial risk and is not suitable for every investor. Read this page, and the Characteristics and Risks of Standardized Options booklet your broker provides, before trading. Wheelhouse is education and analysis software; it does not give personal advice or place trades.",
  sections: [
    {
      heading: "Market risk",
      blocks: [
        "Prices of stocks and options can move sharply and without warning, including overnight and across weekends, when you cannot trade. Gaps after earnings, economic releases or news can move a position from full profit to maximum loss before you can act.",
      ],
    },
    {
      heading: "Leverage risk",
      blocks: [
        "An option controls 100 shares for a fraction of their price. Small moves in the underlying become large percentage gains or losses on the option. A credit spread's maximum loss is usually several times the credit it collects.",
      ],
    },
    {
      heading: "Liquidity risk",
      blocks: [
        "Many options trade rarely and have wide bid/ask spreads. You may not be able to open or close at the prices shown. Wheelhouse shows credits at a conservative fill between mid and the natural price, but your fill can still be worse, especially for multi-leg orders and in fast markets.",
      ],
    },
    {
      heading: "Volatility risk",
      blocks: [
        "Option prices depend on implied volatility. A rise in implied volatility raises the cost of closing a short option even if the stock has not moved. Probabilities shown by Wheelhouse are derived from implied volatility at the quote time and change as it changes.",
      ],
    },
    {
      heading: "Time decay risk",
      blocks: [
        "Options lose time value as expiration approaches. Sellers collect that decay but carry the risk of a large move; buyers pay it. Decay accelerates in the final weeks, and so does sensitivity to the stock price (gamma).",
      ],
    },
    {
      heading: "Assignment risk",
      blocks: [
        "A short American-style option can be assigned at any time before expiration, not only at expiry. Short calls are most often assigned early the day before an ex-dividend date when the dividend exceeds the option's remaining time value. Assignment of one leg of a spread can leave you with a stock position and a margin call until you close it.",
      ],
    },
    {
      heading: "Exercise risk",
      blocks: [
        "Options that finish in the money are usually exercised automatically. If the stock closes near a short strike on expiration day you may not know until the next morning whether you were assigned (pin risk), and after-hours moves can change the outcome.",
      ],
    },
    {
      heading: "Strategy risk",
      blocks: [
        "Cash-secured puts can leave you buying a stock well above its market price. Covered calls cap your upside and do not protect against the stock falling. Credit spreads and iron condors win often but lose more when they lose. A high probability of profit does not mean a positive expected value: for fairly priced options, expected value before costs is close to zero, and costs make it negative.",
        "Past results, backtests and simulated examples do not guarantee future results.",
      ],
    },
    {
      heading: "Margin risk",
      blocks: [
        "Spreads and short options require margin. Your broker can raise requirements at any time and close positions without asking you if your account falls short. Losses can exceed the money in your account.",
      ],
    },
    {
      heading: "Platform and data risk",
      blocks: [
        "Wheelhouse relies on third-party market data that can be delayed, missing or wrong, and on internet services that can fail. Every idea carries its quote time and source; the simulated market is labelled as such and does not describe any real security. Check every number with your broker before trading. Models make assumptions (interest rate, dividend yield, fill price, volatility smile) that may not hold.",
      ],
    },
  ],
};
