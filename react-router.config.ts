import type { Config } from "@react-router/dev/config";

// React Router 8 defaults (decision 230): the Vite Environment API (dev runs in workerd through the Cloudflare
// Vite plugin), middleware, pass-through requests, trailing-slash-aware data URLs and split route modules.
export default {
  ssr: true,
} satisfies Config;
