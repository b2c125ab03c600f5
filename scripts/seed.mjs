// `npm run db:seed [-- origin]`: seeds a running local dev server (idempotent). `npm run dev` already does this.
// A server still warming up is tried again with backoff; an HTML error page is reported as one, not parsed.
import { AnswerError, describeError, postJson, withRetry } from "./dev-steps.mjs";

const origin = process.argv[2] ?? "http://localhost:5173";
try {
  console.log(
    await withRetry(() => postJson(`${origin}/__dev/seed`), {
      onRetry: (error, { waitMs }) =>
        console.log(`seed: ${describeError(error)}; trying again in ${waitMs / 1000} s`),
    }),
  );
} catch (error) {
  const hint = error instanceof AnswerError ? "" : ` (is \`npm run dev\` running at ${origin}?)`;
  console.error(`seed failed: ${describeError(error)}${hint}`);
  process.exit(1);
}
