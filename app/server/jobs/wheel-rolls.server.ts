// The roll finder of one open wheel option (GET /api/wheel/options/:campaignId/:optionKey/rolls): the wheel
// ledger's campaign (its adjusted basis, the option's strike, expiration, contracts and premium) composed with the
// positions' roll finder at the symbol's cached chain (KV; never a provider call) and the stored rate. The option is
// named as /positions names it (campaign id and option key). Features meet only on this floor.
import { z } from "zod";
import { buildLedger, CONTRACT_SIZE, type Campaign } from "#app/engine/wheel/ledger.ts";
import { newYorkDate } from "#app/engine/time.ts";
import type { WheelOptionView } from "#app/lib/positions/client.ts";
import { ROLL_MESSAGES, type RollsView } from "#app/lib/positions/rolls.ts";
import { wheelOptionPosition, wheelOptionsOfCampaigns } from "#app/lib/positions/wheel-option.ts";
import { refused, type Refused } from "#app/lib/refusal.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { rollsOnCachedChain } from "#app/server/positions/rolls.server.ts";
import { readLedger } from "#app/server/wheel/ledger.server.ts";

export { rollQuerySchema as wheelRollQuerySchema } from "#app/server/positions/rolls.server.ts";

/** The route's params: a campaign id and the ledger's option key ("put:95:2027-01-15"). */
export const wheelRollParamsSchema = z.object({
  campaignId: z.string().min(1).max(64),
  optionKey: z
    .string()
    .max(64)
    .regex(/^(put|call):\d+(\.\d+)?:\d{4}-\d{2}-\d{2}$/),
});

/**
 * The campaign's adjusted basis per share the engine's roll formulas start from. A covered call: the campaign's
 * premium-adjusted basis (every premium taken, this call's too). A cash-secured put: what the shares would cost if
 * it were assigned, its strike less the campaign's net option cash per share; only while the campaign holds no
 * shares (with shares the assignment would average into them, which the engine's put formula does not model).
 */
export function wheelRollBasis(campaign: Campaign, option: WheelOptionView): number | null {
  if (option.kind === "CC") return campaign.sharesHeld > 0 ? campaign.adjustedBasis : null;
  if (campaign.sharesHeld > 0) return null;
  return option.strike - campaign.optionCash / (CONTRACT_SIZE * option.contracts);
}

/** The rolls of the session user's open wheel option, or 404 (no such open campaign or option of theirs). */
export async function wheelOptionRolls(
  env: WorkerEnv,
  user: EntitledUser,
  campaignId: string,
  optionKey: string,
  options: { allowBelowBasis: boolean },
  nowMs = Date.now(),
): Promise<{ ok: true; body: RollsView } | Refused> {
  const { events } = await readLedger(env, user.id);
  const built = events.length ? buildLedger(events, newYorkDate(nowMs)) : null;
  if (!built?.ok) {
    if (built) console.error(`wheel rolls: stored wheel ledger does not build: ${built.refusal.code}`);
    return refused(404, ROLL_MESSAGES.wheelNotFound);
  }
  const campaign = built.campaigns.find((c) => c.id === campaignId && c.status === "open");
  const key = `${campaignId}:${optionKey}`;
  const option = campaign
    ? wheelOptionsOfCampaigns([campaign], events).find((o) => o.key === key)
    : undefined;
  if (!campaign || !option) return refused(404, ROLL_MESSAGES.wheelNotFound);
  const body = await rollsOnCachedChain(
    env,
    key,
    wheelOptionPosition(option),
    { allowBelowBasis: options.allowBelowBasis, adjustedBasisPerShare: wheelRollBasis(campaign, option) },
    nowMs,
  );
  return { ok: true, body };
}
