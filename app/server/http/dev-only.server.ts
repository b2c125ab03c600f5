// The one guard of the local-development endpoints (/__dev/*: seed, outbox, track backfill): they exist only
// when APP_ENV is development AND the request came to a loopback host; anywhere else they answer 404, as a
// route that does not exist.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalDevelopment(env: { APP_ENV: string }, request: Request): boolean {
  return env.APP_ENV === "development" && LOOPBACK.has(new URL(request.url).hostname);
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}
