// Provider work bounded in wall-clock time: a slow source makes data late, never a request or a cron
// run slow.
import { ProviderError } from "#app/server/market/types.server.ts";

/** `work`, or a 'network' ProviderError naming `what` once `deadlineMs` (epoch ms) has passed. */
export async function withDeadline<T>(work: Promise<T>, deadlineMs: number, what: string): Promise<T> {
  const left = deadlineMs - Date.now();
  if (left <= 0) throw new ProviderError("deadline", `${what}: out of time`, "network");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ProviderError("deadline", `${what}: timed out`, "network")),
          left,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
