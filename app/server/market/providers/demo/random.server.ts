// Seeded randomness for the simulated market: every number is a pure function of (symbol, day, salt),
// so the simulated market is deterministic in (symbol, instant).
import { DAY_MS } from "#app/engine/time.ts";

/** The first day of every seeded stream. */
export const EPOCH = "2022-01-03";

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix(h, 0, 0);
}

/** Integer finaliser (murmur3 style) over three 32-bit inputs. */
function mix(a: number, b: number, c: number): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^
    Math.imul(c + 0x165667b1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from a seed and two integers. */
export function uniformOf(seed: number, i: number, salt: number): number {
  return mix(seed, i, salt) / 4294967296;
}

/** Standard normal (Box-Muller on two hashed uniforms). */
export function normalOf(seed: number, i: number, salt: number): number {
  const u1 = (mix(seed, i, salt) + 1) / 4294967297;
  const u2 = mix(seed, i, salt + 7919) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Uniform from a string key (used off the hot paths). */
export function uniform(key: string): number {
  return hash32(key) / 4294967296;
}

const seeds = new Map<string, number>();
export function seedOf(symbol: string): number {
  let s = seeds.get(symbol);
  if (s === undefined) {
    s = hash32(symbol);
    seeds.set(symbol, s);
  }
  return s;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date: the integer key of a day in the seeded streams. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export const SALT = {
  ret: 1,
  jump: 2,
  open: 3,
  high: 4,
  low: 5,
  shares: 6,
  oi: 7,
  volume: 8,
  news: 9,
  tone: 10,
  title: 11,
  hour: 12,
  minute: 13,
  phase: 14,
  drift: 15,
  earnings: 16,
  stress: 17,
  premium: 18,
} as const;

export const round2 = (x: number) => Math.round(x * 100) / 100;
