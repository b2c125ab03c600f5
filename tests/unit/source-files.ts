// The app's TypeScript sources with their text, for the tests that keep a rule in one home by reading the code.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every .ts and .tsx file under `dir` (relative to the repository root), with its text. */
export function sourceFiles(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });
}
