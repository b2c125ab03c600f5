// The decision index (docs/decisions/README.md) lists every record by area with its current Status line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AREAS, decisionIndex, decisionRecords } from "../../scripts/decision-index.mjs";

describe("docs/decisions/README.md", () => {
  it("is the generated index of every record (run `npm run decisions:index` when this fails)", () => {
    expect(readFileSync("docs/decisions/README.md", "utf8")).toBe(decisionIndex());
  });

  it("gives every record a Date and a Status line", () => {
    const index = decisionIndex() as string;
    expect(index).not.toContain("(no status line)");
    expect(index.split("\n").filter((l) => l.startsWith("| [")).length).toBeGreaterThan(100);
  });

  it("gives every record one Area line naming known areas, and lists each record under its areas", () => {
    const records = decisionRecords() as { number: string; areas: string[] }[];
    const index = decisionIndex() as string;
    for (const r of records) {
      for (const area of r.areas) expect(Object.keys(AREAS)).toContain(area);
      expect(index.split("\n").filter((l) => l.startsWith(`| [${r.number}](`)).length).toBe(r.areas.length);
    }
  });

  it("shows the email story in one area, the outbox's single owner as its current record", () => {
    const email = (decisionIndex() as string).split("## email\n")[1].split("\n## ")[0];
    for (const n of ["022", "091", "204", "289"]) expect(email).toContain(`| [${n}](`);
    expect(email).toMatch(/\| \[289\]\([^)]+\) \| [^|]+\*\*\(current record\)\*\*/);
  });
});

describe("the generator", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = "";
  });

  const records = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), "decisions-")) + "/";
    for (const [name, text] of Object.entries(files)) writeFileSync(dir + name, text);
    return dir;
  };
  const record = (n: string, title: string, status: string, area?: string) =>
    `# ${n} — ${title}\n\nDate: 2026-12-01\nStatus: ${status}\n${area === undefined ? "" : `Area: ${area}\n`}\n## Context\nText.\n`;

  it("refuses a record without an Area line, or with an unknown area", () => {
    expect(() => decisionIndex(records({ "001-a.md": record("001", "A", "Accepted") }))).toThrow(
      /001-a\.md: 0 Area lines/,
    );
    rmSync(dir, { recursive: true, force: true });
    expect(() =>
      decisionIndex(records({ "001-a.md": record("001", "A", "Accepted", "email, mail") })),
    ).toThrow(/001-a\.md: unknown area "mail"/);
  });

  it("exits non-zero and writes no index when a record lacks its area", () => {
    const at = records({
      "001-a.md": record("001", "A", "Accepted"),
      "002-b.md": record("002", "B", "Accepted", "x"),
    });
    const run = spawnSync(process.execPath, ["scripts/decision-index.mjs", at], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("001-a.md: 0 Area lines");
    expect(run.stderr).toContain('002-b.md: unknown area "x"');
    expect(existsSync(at + "README.md")).toBe(false);
  });

  it("lists the records in force newest first, marks the newest current, and folds superseded ones", () => {
    const index = decisionIndex(
      records({
        "010-old.md": record("010", "Old way", "Superseded by 040", "email"),
        "020-kept.md": record("020", "Kept", "Accepted; its retry part is superseded by 040", "email"),
        "040-new.md": record("040", "New way", "Accepted", "email, notifications"),
      }),
    ) as string;
    const email = index.split("## email\n")[1].split("\n## ")[0];
    expect(email.indexOf("[040]")).toBeLessThan(email.indexOf("[020]"));
    expect(email).toContain(
      "| [040](040-new.md) | New way **(current record)** (also in notifications) | Accepted |",
    );
    expect(email).toContain("| [020](020-kept.md) | Kept | Accepted; its retry part is superseded by 040 |");
    const folded = email.split("<details>")[1];
    expect(folded).toContain("| [010](010-old.md) | Old way | [040](040-new.md) | Superseded by 040 |");
    expect(email.split("<details>")[0]).not.toContain("[010]");
    expect(index).toContain("## notifications");
    expect(index).not.toContain("## wheel");
  });
});
