import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// E2E_PORT lets several checkouts run their browser tests side by side.
const previewPort = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  server: { port: 5173, strictPort: true },
  preview: { port: previewPort, strictPort: true },
});
