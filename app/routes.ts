import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Public pages
  index("routes/home.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("options-guide", "routes/options-guide.tsx"),
  route("wheelhouse-howtos", "routes/howtos.tsx"),
  route("wheelhouse-howtos/mobile-app-install", "routes/howtos-mobile-app-install.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("risk-disclosure", "routes/risk-disclosure.tsx"),
  route("share/trade/:tradeId", "routes/share-trade.tsx"),
  route("share/wheel", "routes/share-wheel.tsx"),
  route("share/wheel/csp/:shareId", "routes/share-wheel-csp.tsx"),
  route("share/wheel/cc/:shareId", "routes/share-wheel-cc.tsx"),
  route("subscription/success", "routes/subscription-success.tsx"),
  route("subscription/cancelled", "routes/subscription-cancelled.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/forgot-password", "routes/admin-forgot-password.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),

  // Sign-in required: the layout sends visitors to /signin with the return address.
  layout("routes/signed-in-layout.tsx", [
    route("change-password", "routes/change-password.tsx"),
    route("account/delete", "routes/account-delete.tsx"),
    route("spreads", "routes/spreads.tsx"),
    route("tickers", "routes/tickers.tsx"),
    route("wheels", "routes/wheels.tsx"),
    route("feedback", "routes/feedback.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("simulation", "routes/coming-soon.tsx", { id: "simulation" }),
    route("saved", "routes/coming-soon.tsx", { id: "saved" }),
    route("positions", "routes/coming-soon.tsx", { id: "positions" }),
  ]),

  // Aliases
  route("account/subscription", "routes/redirect-pricing.tsx"),
  route("suggested-trades", "routes/redirect-trade-ideas.tsx", { id: "suggested-trades" }),
  route("dashboard", "routes/redirect-trade-ideas.tsx", { id: "dashboard" }),

  // API
  route("signout", "routes/signout.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/get_tickers_info", "routes/api.get_tickers_info.ts"),
  route("api/get_economic_cal", "routes/api.get_economic_cal.ts"),
  route("api/get_trades", "routes/api.get_trades.ts"),
  route("api/trade/:tradeId", "routes/api.trade.$tradeId.ts"),
  route("api/trade-image/:tradeId", "routes/api.trade-image.$tradeId.ts"),
  route("robots.txt", "routes/seo.robots.ts"),
  route("sitemap.xml", "routes/seo.sitemap.ts"),
  route("api/notifications/preferences", "routes/api.notifications.preferences.ts"),
  route("api/notifications/history", "routes/api.notifications.history.ts"),
  route("api/notifications/toggle", "routes/api.notifications.toggle.ts"),
  route("api/notifications/test", "routes/api.notifications.test.ts"),
  route("api/notifications/unsubscribe", "routes/api.notifications.unsubscribe.ts"),
  route("__dev/seed", "routes/dev.seed.ts"),
  route("__dev/outbox", "routes/dev.outbox.ts"),

  // Anything else goes home.
  route("*", "routes/catchall.tsx"),
] satisfies RouteConfig;
