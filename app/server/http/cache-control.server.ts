/** The header of every answer that must not be cached anywhere: errors, refusals, per-user and one-off bodies. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
