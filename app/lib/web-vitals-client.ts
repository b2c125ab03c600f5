// Speed metrics from real visits (docs/product/app-shell.md#deferred-extras, decision 262): the Core Web
// Vitals through the web-vitals library, each sent once per page load to the first-party analytics (POST
// /api/events). Loaded only by app/lib/deferred-extras.ts, so it is in no route's initial JS.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { track } from "#app/lib/analytics-client.ts";

function send(metric: Metric) {
  track("web_vital", {
    metric: metric.name,
    // CLS is a score with meaningful thousandths; the rest are milliseconds.
    value: metric.name === "CLS" ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value),
    rating: metric.rating,
  });
}

/** Starts the observers; the library reads the buffered entries, so starting late loses nothing. */
export function startWebVitals() {
  onTTFB(send);
  onFCP(send);
  onLCP(send);
  onCLS(send);
  onINP(send);
}
