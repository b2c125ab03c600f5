import { defineConfig } from "drizzle-kit";

// Generates SQL into migrations/; wrangler applies it (`npm run db:migrate`, locally or --remote).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/db/schema.server.ts",
  out: "./migrations",
});
