// Account deletion (the privacy policy's promise): cancel billing first, then remove everything that
// belongs to the user in one D1 batch, so a failure leaves the account whole rather than half-deleted.
import { eq } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import type { SessionUser } from "#app/server/auth/auth.server.ts";
import { isAdminUser } from "#app/server/auth/admin-role.server.ts";

export type DeleteAccountResult = { ok: true } | { ok: false; status: 403 | 502; message: string };

export const DELETE_ACCOUNT_MESSAGES = {
  admin: "Admin accounts can't be deleted here. Ask another admin to remove the admin role first.",
  billing: "We couldn't cancel your subscription, so your account was not deleted. Please try again.",
} as const;

/** Cancels the user's subscription with the payment provider; resolves when nothing is left to bill. */
export type CancelBilling = (env: WorkerEnv, user: SessionUser) => Promise<void>;

export async function deleteAccount(
  env: WorkerEnv,
  user: SessionUser,
  cancelBilling: CancelBilling,
): Promise<DeleteAccountResult> {
  if (await isAdminUser(env, user)) return { ok: false, status: 403, message: DELETE_ACCOUNT_MESSAGES.admin };
  try {
    await cancelBilling(env, user);
  } catch (error) {
    console.error("account deletion: billing cancel failed", error);
    return { ok: false, status: 502, message: DELETE_ACCOUNT_MESSAGES.billing };
  }

  const db = getDb(env);
  const s = schema;
  const email = user.email.toLowerCase();
  // Children first (explicitly, not only through ON DELETE CASCADE), the user row last.
  await db.batch([
    db.delete(s.featureVotes).where(eq(s.featureVotes.userId, user.id)),
    db.delete(s.featureRequests).where(eq(s.featureRequests.createdByUserId, user.id)),
    db.delete(s.feedback).where(eq(s.feedback.createdByUserId, user.id)),
    db.delete(s.watchlistSymbols).where(eq(s.watchlistSymbols.userId, user.id)),
    db.delete(s.planNotices).where(eq(s.planNotices.userId, user.id)),
    db.delete(s.positions).where(eq(s.positions.userId, user.id)),
    db.delete(s.favorites).where(eq(s.favorites.userId, user.id)),
    db.delete(s.wheelPreferences).where(eq(s.wheelPreferences.userId, user.id)),
    db.delete(s.positionsBook).where(eq(s.positionsBook.userId, user.id)),
    db.delete(s.notificationPreferences).where(eq(s.notificationPreferences.userId, user.id)),
    db.delete(s.notificationHistory).where(eq(s.notificationHistory.userId, user.id)),
    db.delete(s.contactMessages).where(eq(s.contactMessages.userId, user.id)),
    // Survey answers and product analytics stay, with no link to the person.
    db.update(s.cancellationFeedback).set({ userId: null }).where(eq(s.cancellationFeedback.userId, user.id)),
    db.update(s.analyticsEvents).set({ userId: null }).where(eq(s.analyticsEvents.userId, user.id)),
    // Mail not yet delivered to them must not go out after they left.
    db.delete(s.emailOutbox).where(eq(s.emailOutbox.to, email)),
    db.delete(s.verification).where(eq(s.verification.identifier, email)),
    // Password-reset tokens carry the user id as their value.
    db.delete(s.verification).where(eq(s.verification.value, user.id)),
    db.delete(s.ledgerImportMappings).where(eq(s.ledgerImportMappings.userId, user.id)),
    db.delete(s.wheelLedgerProposals).where(eq(s.wheelLedgerProposals.userId, user.id)),
    db.delete(s.session).where(eq(s.session.userId, user.id)),
    db.delete(s.account).where(eq(s.account.userId, user.id)),
    db.delete(s.user).where(eq(s.user.id, user.id)),
    // The ledger refuses deletes while its user exists (append-only, migration 0019): after the user row.
    db.delete(s.wheelLedgerEvents).where(eq(s.wheelLedgerEvents.userId, user.id)),
    // So do the spread position events (migration 0026); their projection, marks and alert state cascade from the
    // user row.
    db.delete(s.optionPositionEvents).where(eq(s.optionPositionEvents.userId, user.id)),
  ]);
  return { ok: true };
}
