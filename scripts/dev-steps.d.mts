export function migrationSummary(output: string): string | null;
export function migrationReport(result: {
  status: number | null;
  stdout?: string | null;
  stderr?: string | null;
  error?: Error;
}): { ok: boolean; text: string };
export function applyLocalMigrations(options?: { persistTo?: string }): boolean;
export class AnswerError extends Error {
  constructor(message: string, options: { status: number; retryable: boolean });
  status: number;
  retryable: boolean;
}
export function firstLine(text: string, maxLength?: number): string;
export function readJsonAnswer(res: Response): Promise<unknown>;
export function postJson(
  url: string,
  body?: unknown,
  options?: { fetchImpl?: typeof fetch },
): Promise<unknown>;
export function backoffDelays(
  attempts: number,
  options?: { firstDelayMs?: number; maxDelayMs?: number },
): number[];
export function withRetry<T>(
  step: (attempt: number) => Promise<T>,
  options?: {
    attempts?: number;
    firstDelayMs?: number;
    maxDelayMs?: number;
    sleep?: (ms: number) => Promise<unknown>;
    onRetry?: (error: unknown, info: { attempt: number; attempts: number; waitMs: number }) => void;
  },
): Promise<T>;
export function describeError(error: unknown): string;
export function devStep<T>(
  label: string,
  run: (attempt: number) => Promise<T>,
  whatToRun: string,
  options?: {
    attempts?: number;
    log?: (line: string) => void;
    error?: (line: string) => void;
    firstDelayMs?: number;
    maxDelayMs?: number;
    sleep?: (ms: number) => Promise<unknown>;
  },
): Promise<T | null>;
export function isRetryable(error: unknown): boolean;
