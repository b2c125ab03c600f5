/** Milliseconds in a day: the one definition (re-exported by ./time). */
export const DAY_MS = 86_400_000;
