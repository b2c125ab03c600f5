// Outbound HTTP for market providers: per-attempt timeout, retries with exponential backoff (network
// errors, 429 and 5xx only), a concurrency cap per provider and a per-minute request budget.
import { ProviderError } from "#app/server/market/types.server.ts";

export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Requests per rolling minute, per isolate (free tiers count per key; this keeps one isolate polite). */
export class MinuteBudget {
  private stamps: number[] = [];
  constructor(readonly perMinute: number) {}
  take(nowMs = Date.now()): boolean {
    this.stamps = this.stamps.filter((t) => nowMs - t < 60_000);
    if (this.stamps.length >= this.perMinute) return false;
    this.stamps.push(nowMs);
    return true;
  }
}

export interface FetchPolicy {
  provider: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  semaphore?: Semaphore;
  budget?: MinuteBudget;
  headers?: Record<string, string>;
  /** Test seam. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface FetchedText {
  status: number;
  text: string;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Strips secrets from a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|apikey|api_key)=)[^&]+/gi, "$1***");
}

/**
 * GET a URL and return its body text. Throws ProviderError: 'throttled' on 429 (after retries) or an
 * exhausted budget, 'http' on other non-2xx, 'network' on timeouts and connection errors.
 */
export async function fetchText(url: string, policy: FetchPolicy): Promise<FetchedText> {
  const { provider, timeoutMs = 8000, retries = 2, backoffMs = 400 } = policy;
  const doFetch = policy.fetchImpl ?? fetch;
  const sleep = policy.sleep ?? defaultSleep;
  if (policy.budget && !policy.budget.take())
    throw new ProviderError(provider, "request budget for this minute used up", "throttled");
  const attempt = async (): Promise<FetchedText> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(url, {
        headers: { accept: "application/json", ...policy.headers },
        signal: controller.signal,
      });
      const text = await res.text();
      return { status: res.status, text };
    } catch (error) {
      const reason = controller.signal.aborted
        ? `timed out after ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new ProviderError(provider, `${redactUrl(url)}: ${reason}`, "network");
    } finally {
      clearTimeout(timer);
    }
  };
  const run = async (): Promise<FetchedText> => {
    let lastError: ProviderError | null = null;
    for (let i = 0; i <= retries; i++) {
      if (i > 0) await sleep(backoffMs * 2 ** (i - 1) * (0.75 + Math.random() * 0.5));
      try {
        const res = await attempt();
        if (res.status >= 200 && res.status < 300) return res;
        const kind = res.status === 429 ? "throttled" : "http";
        lastError = new ProviderError(
          provider,
          `${redactUrl(url)}: HTTP ${res.status} ${res.text.slice(0, 200)}`,
          kind,
        );
        if (!RETRYABLE.has(res.status)) throw lastError;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        lastError = error;
        if (error.kind !== "network" && error.kind !== "throttled") throw error;
      }
    }
    throw lastError!;
  };
  return policy.semaphore ? policy.semaphore.run(run) : run();
}

/** Parses JSON or throws a 'malformed' ProviderError naming the URL. */
export function parseJsonBody(provider: string, url: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(
      provider,
      `${redactUrl(url)}: body is not JSON (${text.slice(0, 80)})`,
      "malformed",
    );
  }
}

/** A payload that failed its schema: a logged 'malformed' ProviderError naming what and the first issue. */
export function malformedPayload(
  provider: string,
  what: string,
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined,
): ProviderError {
  const issue = error?.issues[0];
  const reason = issue ? `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}` : "invalid";
  const err = new ProviderError(provider, `${what}: malformed payload (${reason})`, "malformed");
  console.warn(err.message);
  return err;
}
