// Feature-request voting in the browser as Pro and Elite (the seeded pro@ and elite@ users): up, down and the
// toggle, with the totals and each user's pressed arrow read again after a reload
// (docs/product/feedback-board.md#voting).
import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { signInByApi, watchConsole } from "./fixtures";

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const TITLE = `Voting journey ${stamp}`;

/** Runs SQL on the local D1 the preview server uses (test setup only: a planned request to vote on). */
function d1(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

let ip = 0;
async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  ip += 1;
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${(Date.now() + ip * 13) % 250}` });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInByApi(page, email);
  await page.goto("/feedback?tab=requests");
  return { page, errors };
}

const card = (page: Page) => page.getByTestId("feature-request").filter({ hasText: TITLE });

/** Total and the user's pressed arrow, as shown. */
async function expectShown(c: Locator, total: string, mine: "up" | "down" | "none") {
  await expect(c.getByTestId("vote-total")).toHaveText(total);
  await expect(c.getByRole("button", { name: "Upvote" })).toHaveAttribute(
    "aria-pressed",
    String(mine === "up"),
  );
  await expect(c.getByRole("button", { name: "Downvote" })).toHaveAttribute(
    "aria-pressed",
    String(mine === "down"),
  );
}

/** The same after a reload: what the server stored, not what the page remembered. */
async function expectAfterReload(page: Page, total: string, mine: "up" | "down" | "none") {
  await page.reload();
  await expectShown(card(page), total, mine);
}

async function vote(page: Page, direction: "Upvote" | "Downvote") {
  const c = card(page);
  // Wait for the action's answer, not only for the button: right after the click the fetcher may not have
  // re-rendered yet, so the button still reads enabled, and a reload then cancels the vote in flight.
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/feedback"),
  );
  await c.getByRole("button", { name: direction }).click();
  expect((await answered).ok()).toBe(true);
  // The fetcher settles (buttons enabled again) before the next click.
  await expect(c.getByRole("button", { name: direction })).toBeEnabled();
}

test("Pro and Elite vote up, down and toggle; the totals hold after reload", async ({ browser }) => {
  test.setTimeout(180_000);
  d1(
    `insert into feature_requests (id, title, description, status, votes, created_by_user_id, user_subscription_tier, created_at)
     values ('vote-${stamp}', '${TITLE}', 'Votes from two plans.', 'planned', 0,
             (select id from user where email = 'pro@wheelhouse.local'), 'Pro Plan', ${Date.now()})`,
  );

  const pro = await signedInPage(browser, "pro@wheelhouse.local");
  await expectShown(card(pro.page), "0", "none");
  await vote(pro.page, "Upvote");
  await expectShown(card(pro.page), "1", "up");
  await expectAfterReload(pro.page, "1", "up");
  // The same direction again removes the vote.
  await vote(pro.page, "Upvote");
  await expectShown(card(pro.page), "0", "none");
  await expectAfterReload(pro.page, "0", "none");
  await vote(pro.page, "Downvote");
  await expectAfterReload(pro.page, "-1", "down");

  const elite = await signedInPage(browser, "elite@wheelhouse.local");
  await expectShown(card(elite.page), "-1", "none");
  await vote(elite.page, "Upvote");
  await expectShown(card(elite.page), "0", "up");
  await expectAfterReload(elite.page, "0", "up");
  // The other direction flips the vote: -1 (Pro) and -1 (Elite).
  await vote(elite.page, "Downvote");
  await expectShown(card(elite.page), "-2", "down");
  await expectAfterReload(elite.page, "-2", "down");
  await vote(elite.page, "Downvote");
  await expectAfterReload(elite.page, "-1", "none");

  // Each user's own arrow, one shared total.
  await expectAfterReload(pro.page, "-1", "down");
  expect(pro.errors).toEqual([]);
  expect(elite.errors).toEqual([]);
});
