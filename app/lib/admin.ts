// The back office's tabs, texts and input rules (docs/product/admin.md),
// shared by the /admin routes' loaders, actions and pages.
import type { FeatureRequestFields, FeedbackCategory } from "#app/lib/feedback.ts";

export const ADMIN_TABS = [
  { value: "pending", label: "Pending Features" },
  { value: "features", label: "All Features" },
  { value: "invites", label: "User Invites" },
  { value: "trials", label: "User Trials" },
  { value: "feedback", label: "User Feedback" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(raw: string | null | undefined): AdminTab {
  return ADMIN_TABS.some((t) => t.value === raw) ? (raw as AdminTab) : "pending";
}

/** Each tab is its own route: Pending Features at /admin, the others at /admin/<tab>. */
export function adminTabPath(tab: AdminTab): string {
  return tab === "pending" ? "/admin" : `/admin/${tab}`;
}

export const TRIAL_UNITS = ["days", "minutes"] as const;
export type TrialUnit = (typeof TRIAL_UNITS)[number];

/** Trial duration: an integer of at least 1; anything else becomes 1 (docs/product/admin.md#trial-tool). */
export function trialLength(raw: unknown): number {
  const n = typeof raw === "number" ? raw : Number(String(raw ?? "").trim());
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export const ADMIN_MESSAGES = {
  notAuthorized: "Not authorized as admin",
  profileReset: "Display name reset to the part of the email before the @; picture cleared",
  profileResetFailed: "Failed to reset the display name",
  loadPendingFailed: "Failed to load pending features",
  loadFeaturesFailed: "Failed to load features",
  updateStatusFailed: "Failed to update feature status",
  cancelTrialFailed: "Failed to cancel trial",
  enableTrialFailed: "Failed to enable trial",
  notOnPromoTrial: "User is not on a promotional trial",
  /**
   * The refusal that keeps a paid subscription intact, in docs/product/admin.md's words (decisions 100, 131);
   * the trial module refuses with the same text.
   */
  paidSubscription: "User has an active paid subscription",
  sendInvitationEmailFailed: "Failed to send invitation email",
  sendInvitationFailed: "Failed to send invitation",
  inviteEmailRequired: "Email is required",
  inviteEmailInvalid: "Please enter a valid email address",
  searchError: "Error searching for user",
  enableError: "Error enabling trial",
  cancelError: "Error canceling trial",
  noUser: "No user found with this email",
  noPending: "No pending feature requests",
  noFeatures: "No feature requests found for selected status",
  noFeedback: "No feedback found for selected categories",
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  trialEnabled: (n: number, unit: TrialUnit) => `Promo trial enabled for ${n} ${unit}`,
  /** The email provider refused (status and its text) or never answered (no status). */
  promoEmailFailed: (status: number | null, text: string) =>
    `Failed to send promotional trial email: ${status === null ? "" : `${status} `}${text}`.trim(),
  trialCanceled: "Promotional trial canceled",
} as const;

/** Audit log actions (who did what to whom, when). */
export const AUDIT_ACTIONS = {
  featureStatus: "feature.status",
  invite: "user.invite",
  trialEnable: "trial.enable",
  trialCancel: "trial.cancel",
  userSearch: "user.search",
  profileReset: "user.profile-reset",
} as const;

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "feature.status": "Changed feature status",
  "user.invite": "Invited user",
  "trial.enable": "Enabled promo trial",
  "trial.cancel": "Canceled promo trial",
  "user.search": "Looked up user",
  "user.profile-reset": "Reset display name and picture",
};
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export type AdminActionData = { ok: boolean; intent: AdminIntent | null; message: string };

export interface AdminFeatureRequest extends FeatureRequestFields {
  authorEmail: string | null;
  /** The author's tier now. */
  authorTier: string | null;
}

export interface AdminFeedbackEntry {
  id: string;
  category: FeedbackCategory;
  text: string;
  createdAt: number;
  authorEmail: string | null;
  authorTier: string | null;
}

export interface AdminUserCard {
  id: string;
  email: string;
  subscriptionTier: string;
  subscriptionStatus: string;
  trialEnd: number | null;
  subscriptionId: string | null;
  createdAt: number;
}

export interface UserLookup extends AdminUserCard {
  role: string | null;
  /** The display name when it is text; null when the row holds something else (see nameType). */
  name: string | null;
  /** SQLite's type of the stored name: 'text' unless the row is broken. */
  nameType: string;
  image: string | null;
  hasUsedTrial: boolean;
  lastSubscriptionTier: string | null;
  cancelAtPeriodEnd: boolean;
  counts: { feedback: number; featureRequests: number; votes: number; watchlistSymbols: number };
}

export interface InviteRow {
  id: string;
  email: string;
  status: string;
  createdAt: number;
}

export type LookupState = { email: string; user: UserLookup | null; error: string | null };

export interface AuditEntry {
  id: string;
  adminEmail: string;
  action: string;
  target: string;
  detail: Record<string, unknown> | null;
  createdAt: number;
}

/** The intents the back office's one action takes (app/server/admin/actions.server.ts parses each). */
export const ADMIN_INTENTS = ["status", "invite", "trial-enable", "trial-cancel", "profile-reset"] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];
