// Cloudflare's Cron Triggers semantics, for tests: five fields (minute hour day-of-month month day-of-week), UTC,
// `*`, lists, ranges and steps. The day-of-week field runs 1 = Sunday to 7 = Saturday, or SUN-SAT (Cloudflare's
// Cron Triggers page: "`0 17 * * sun` or `0 17 * * 1`: 17:00 (UTC) on Sunday"; "`10 7 * * mon-fri` or
// `10 7 * * 2-6`: weekdays"). Ordinary Unix cron reads 1 as Monday, which is why the app writes day names only.
const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] as const;

type Field = (value: number) => boolean;

function parseField(text: string, min: number, max: number, names?: readonly string[]): Field {
  const token = (t: string): number => {
    const i = names?.indexOf(t.toUpperCase()) ?? -1;
    // Names map to Cloudflare's numbering: SUN = 1 ... SAT = 7.
    if (i >= 0) return i + 1;
    const n = Number(t);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`cron value "${t}" outside ${min}-${max}`);
    return n;
  };
  const parts = text.split(",").map((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    const [lo, hi] =
      range === "*"
        ? [min, max]
        : range!.includes("-")
          ? range!.split("-").map(token)
          : [token(range!), token(range!)];
    return (v: number) => v >= lo! && v <= hi! && (v - lo!) % step === 0;
  });
  return (v) => parts.some((p) => p(v));
}

/** Whether `cron` fires at the UTC minute `ms`, as Cloudflare evaluates it. */
export function firesAt(cron: string, ms: number): boolean {
  const [minute, hour, dom, month, dow] = cron.trim().split(/\s+/);
  const d = new Date(ms);
  return (
    parseField(minute!, 0, 59)(d.getUTCMinutes()) &&
    parseField(hour!, 0, 23)(d.getUTCHours()) &&
    parseField(dom!, 1, 31)(d.getUTCDate()) &&
    parseField(month!, 1, 12)(d.getUTCMonth() + 1) &&
    parseField(dow!, 1, 7, DAY_NAMES)(d.getUTCDay() + 1)
  );
}

/** Every UTC minute in [fromMs, toMs) at which `cron` fires. */
export function firings(cron: string, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let t = Math.ceil(fromMs / 60_000) * 60_000; t < toMs; t += 60_000) if (firesAt(cron, t)) out.push(t);
  return out;
}
