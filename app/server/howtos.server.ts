// Which how-to videos are published: their YouTube ids come from configuration, so the page never shows
// a player for a video that does not exist.
import { HOWTO_VIDEOS, YOUTUBE_ID, type HowtoVideoKey } from "#app/lib/howtos.ts";

interface HowtoVideoEnv {
  HOWTO_VIDEO_BULL_PUT_SPREAD?: string;
  HOWTO_VIDEO_CASH_SECURED_PUT?: string;
}

const ENV_KEY: Record<HowtoVideoKey, keyof HowtoVideoEnv> = {
  "bull-put-spread": "HOWTO_VIDEO_BULL_PUT_SPREAD",
  "cash-secured-put": "HOWTO_VIDEO_CASH_SECURED_PUT",
};

/** Video key -> YouTube id, or null when none is configured (or the value is not a valid id). */
export function howtoVideoIds(env: object): Record<HowtoVideoKey, string | null> {
  const source = env as HowtoVideoEnv;
  const out = {} as Record<HowtoVideoKey, string | null>;
  for (const video of HOWTO_VIDEOS) {
    const raw = source[ENV_KEY[video.key]]?.trim() ?? "";
    out[video.key] = YOUTUBE_ID.test(raw) ? raw : null;
  }
  return out;
}
