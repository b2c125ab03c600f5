// Fake external APIs by path prefix. Each feature adds its fake here (market data, email, Stripe).
import type { FakeHandler } from "./servers";

export const fakeRoutes: Record<string, FakeHandler> = {
  "/echo/": (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ method: req.method, url: req.url, body: req.body }));
  },
};
