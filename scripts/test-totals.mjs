// Sums the suites' JSON results into the one plain line CI reads: "N passed, N failed".
// A suite whose results file is missing (it crashed before reporting) counts as one failure.
import { existsSync, readFileSync } from "node:fs";

const suites = [
  { name: "unit", file: "test-results/unit-results.json", kind: "vitest" },
  { name: "worker", file: "test-results/worker-results.json", kind: "vitest" },
  // The worker suite again as if on a Friday expiration day (TEST_NOW, .ci/run).
  { name: "worker on TEST_NOW", file: "test-results/worker-test-now-results.json", kind: "vitest" },
  { name: "e2e", file: "test-results/e2e-results.json", kind: "playwright" },
  // The share journeys again under the dev server (playwright.dev.config.ts).
  { name: "e2e under dev", file: "test-results/e2e-dev-results.json", kind: "playwright" },
  // Every page once under a cold `npm run dev` (npm run test:dev-server, decision 306).
  { name: "dev server, cold", file: "test-results/dev-server-results.json", kind: "playwright" },
  // Budgets count as checks: each route's app JS against its size budget, each page x category against
  // the Lighthouse gate.
  { name: "size budgets", file: "test-results/bundle-size.json", kind: "size" },
  { name: "lighthouse gates", file: "test-results/lighthouse.json", kind: "lighthouse" },
];

/** Names of the failed tests, so the last lines of a CI log say which ones broke. */
function failedNames(kind, r) {
  if (kind === "vitest")
    return (r.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((t) => t.status === "failed")
        .map((t) => `${file.name.replace(/^.*?(tests\/)/, "$1")} › ${t.fullName}`),
    );
  if (kind === "playwright") {
    const names = [];
    // A file's suite is titled with its file name; describe blocks below it add their titles to the path.
    const walk = (suite, parent) => {
      const path = suite.title && suite.title !== suite.file ? [...parent, suite.title] : parent;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected")
            names.push(
              `${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")} [${test.projectName}]`,
            );
      for (const child of suite.suites ?? []) walk(child, path);
    };
    for (const suite of r.suites ?? []) walk(suite, []);
    return [...names, ...(r.errors ?? []).map((e) => String(e.message ?? e).split("\n")[0])];
  }
  return [];
}

let passed = 0;
let failed = 0;
for (const suite of suites) {
  if (!existsSync(suite.file)) {
    console.log(`${suite.name}: no results (suite did not run to completion)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(suite.file, "utf8"));
  let p;
  let f;
  if (suite.kind === "vitest") {
    p = r.numPassedTests;
    f = r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0);
  } else if (suite.kind === "playwright") {
    p = r.stats.expected + r.stats.flaky;
    f = r.stats.unexpected + (r.errors?.length ?? 0);
  } else if (suite.kind === "size") {
    const budgeted = r.rows.filter((row) => (row.gateKiB ?? row.budgetKiB) !== null);
    f = budgeted.filter((row) => row.appJsKiB > (row.gateKiB ?? row.budgetKiB)).length;
    p = budgeted.length - f;
  } else {
    const gates = r.gates ?? r.budgets;
    const checks = r.results.flatMap((page) =>
      (page.gated ?? Object.keys(gates)).map((k) => page.scores[k] >= gates[k]),
    );
    f = checks.filter((ok) => !ok).length;
    p = checks.length - f;
  }
  console.log(`${suite.name}: ${p} passed, ${f} failed`);
  for (const name of failedNames(suite.kind, r)) console.log(`  failed: ${name}`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
