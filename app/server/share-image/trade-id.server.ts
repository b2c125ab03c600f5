import { z } from "zod";

/** Public trade ids are SYMBOL-<24 hex> (a keyed hash; app/server/market/ideas.server.ts). */
export const tradeIdParam = z.string().regex(/^[A-Z.]{1,6}-[0-9a-f]{24}$/);
