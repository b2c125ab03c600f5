// Writes docs/decisions/README.md: every decision record grouped by its Area line, so a reader finds the current
// word on a subject first and sees which records were superseded. tests/unit/decision-index.test.ts fails when the
// index is out of date: run `npm run decisions:index` after adding or superseding a record. The script exits
// non-zero, writing nothing, when a record has no Area line or names an area that is not in AREAS.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIR = fileURLToPath(new URL("../docs/decisions/", import.meta.url));

/** The areas a record may name on its `Area:` line, in the index's order, each with what it covers. */
export const AREAS = {
  "market-data":
    "Providers, the simulated market, the pipeline's caches, the watchlist and the economic calendar",
  "engine/pricing":
    "The quant engine: pricing, probabilities, the idea score, day counts, the New York clock",
  "trade-ideas": "The /spreads screen, idea lists and profiles, the shared trade page",
  wheel: "Wheel strategies, positions, wheel sharing",
  ledger: "The wheel campaign ledger and its broker imports",
  "track-record": "The public idea log, its grading and calibration",
  notifications: "Which alerts each plan gets, their preferences and their dispatch",
  email: "The outbox, delivery, retries and bounces",
  auth: "Sign-in and sign-up, sessions, passwords, account deletion",
  billing: "Stripe, plans, trials and entitlements",
  admin: "The back office, admin accounts and the feedback board",
  security: "Rate limits and throttles, authorization, request guards, input limits, production settings",
  "edge-cache/performance": "The edge cache, load and Lighthouse budgets, bundle size, CPU",
  "data/storage": "D1 and its access, retention, versioned writes",
  analytics: "First-party analytics, speed metrics and their storage",
  "ui/accessibility": "Shared UI parts, number formatting, the product's words and messages",
  "testing/ci": "Test layers, linters and formatters, what `npm test` and CI check",
  architecture: "Layers, imports and where each feature's code lives",
  "dev-setup": "The stack and its pins, Node tooling, the dev server",
  "docs/process": "Decision records, product documentation, contradictions in the brief",
};

const cell = (/** @type {string} */ s) => s.replaceAll("|", "\\|");
const link = (/** @type {string} */ file) => `[${file.slice(0, 3)}](${file})`;

/** The value of each `Key:` line of a record's header, with the lines that continue it (the ones up to a blank
 * line or the next `Key:` line).
 * @param {string} text
 * @param {string} key
 */
function headerValues(text, key) {
  /** @type {string[]} */
  const values = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith(`${key}: `)) continue;
    let value = lines[i].slice(key.length + 2).trim();
    while (i + 1 < lines.length && lines[i + 1].trim() !== "" && !/^[A-Z][a-z]+: |^#/.test(lines[i + 1])) {
      value += " " + lines[++i].trim();
    }
    values.push(value);
  }
  return values;
}

/** Every record in `dir`, parsed; throws one error naming each record without a valid Area line. */
export function decisionRecords(dir = DIR) {
  /** @type {string[]} */
  const errors = [];
  const records = readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(dir + file, "utf8");
      const title = (/^# (.+)$/m.exec(text)?.[1] ?? file).replace(/^\d{3}(?:\s+—|:|\.)?\s+/, "");
      const statuses = headerValues(text, "Status");
      // A record whose Status line was amended by a second one keeps both, in order.
      const status = statuses.length ? statuses.join("; ") : "(no status line)";
      const areaLines = headerValues(text, "Area");
      if (areaLines.length !== 1) errors.push(`${file}: ${areaLines.length} Area lines (one is required)`);
      const areas = (areaLines[0] ?? "").split(",").map((a) => a.trim());
      for (const area of areas) {
        if (areaLines.length === 1 && !Object.hasOwn(AREAS, area)) {
          errors.push(`${file}: unknown area "${area}" (one of: ${Object.keys(AREAS).join(", ")})`);
        }
      }
      const superseded = /^Superseded\b/i.test(status);
      const by = /superseded by (?:decision )?(\d{3})/i.exec(status)?.[1];
      return { file, number: file.slice(0, 3), title, status, areas, superseded, by };
    });
  if (errors.length) throw new Error(`decision records without a valid Area line:\n${errors.join("\n")}`);
  return records;
}

/** GitHub's heading anchor: lower case, punctuation other than - and _ dropped, spaces to hyphens. */
const anchor = (/** @type {string} */ heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replaceAll(" ", "-");

/** The index's text from the records in `dir` (pure apart from reading the files). */
export function decisionIndex(dir = DIR) {
  const records = decisionRecords(dir);
  const fileOf = new Map(records.map((r) => [r.number, r.file]));
  const sections = Object.entries(AREAS).flatMap(([area, covers]) => {
    const inArea = records.filter((r) => r.areas.includes(area));
    if (!inArea.length) return [];
    // Current records newest first: the newest is the area's current record, the place to start reading.
    const current = inArea.filter((r) => !r.superseded).reverse();
    const superseded = inArea.filter((r) => r.superseded);
    const rows = current.map((r, i) => {
      const also = r.areas.filter((a) => a !== area);
      const note =
        (i === 0 ? " **(current record)**" : "") + (also.length ? ` (also in ${also.join(", ")})` : "");
      return `| ${link(r.file)} | ${cell(r.title)}${note} | ${cell(r.status)} |`;
    });
    const lines = [`## ${area}`, "", `${covers}.`, ""];
    if (rows.length) lines.push("| # | decision | status |", "| --- | --- | --- |", ...rows, "");
    if (superseded.length) {
      lines.push(
        "<details>",
        `<summary>Superseded in ${area} (${superseded.length})</summary>`,
        "",
        "| # | decision | superseded by | status |",
        "| --- | --- | --- | --- |",
        ...superseded.map((r) => {
          const byFile = r.by ? fileOf.get(r.by) : undefined;
          const by = byFile ? link(byFile) : (r.by ?? "—");
          return `| ${link(r.file)} | ${cell(r.title)} | ${by} | ${cell(r.status)} |`;
        }),
        "",
        "</details>",
        "",
      );
    }
    return [lines.join("\n")];
  });
  const contents = Object.keys(AREAS)
    .map((area) => ({ area, n: records.filter((r) => r.areas.includes(area)).length }))
    .filter(({ n }) => n > 0)
    .map(({ area, n }) => `[${area}](#${anchor(area)}) (${n})`)
    .join(" · ");
  return `# Decision records

Generated by \`npm run decisions:index\` from each record's title, Area and Status lines; do not edit by hand. A new
record starts from [TEMPLATE.md](TEMPLATE.md) and names one of the areas below (or two, comma-separated) on its
Area line; the generator refuses a record without one. A record is never rewritten: a later one supersedes it, and
the earlier record's Status line says by which.

Under each area the records in force come first, newest first; the newest is marked as the area's current record,
the place to start reading. Records whose Status line begins "Superseded" are folded below them. "Accepted; its
... is superseded by NNN" means the record stands except for the part named.

${contents}

${sections.join("\n")}`;
}

// `node scripts/decision-index.mjs [dir]`: the directory defaults to docs/decisions/ (the tests pass another).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ? process.argv[2].replace(/\/?$/, "/") : DIR;
  try {
    writeFileSync(dir + "README.md", decisionIndex(dir));
    console.log(`${dir}README.md written`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
