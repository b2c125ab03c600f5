import { createContext, useContext } from "react";

/** The per-response CSP nonce; empty in the browser (browsers hide the attribute after parsing). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
