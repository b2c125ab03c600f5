import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Dev runs in workerd through the Cloudflare Vite plugin (STACK-NOTES).
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
