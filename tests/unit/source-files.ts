// The repository's TypeScript sources, for the unit tests that scan the code for a rule.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every .ts and .tsx file under `dir`, with its text. */
export function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });
}
