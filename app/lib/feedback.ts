// Feedback and feature requests (docs/product/feedback-board.md; the admin's filter chips in
// docs/product/admin.md#filter-chips): the rules and texts shared by the server and the pages.

export const FEEDBACK_CATEGORIES = ["general", "bug", "suggestion", "experience", "other"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  general: "General",
  bug: "Bug Report",
  suggestion: "Suggestion",
  experience: "User Experience",
  other: "Other",
};

export const FEATURE_STATUSES = ["under-review", "planned", "in-progress", "completed", "rejected"] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

/**
 * What a non-admin sees on /feedback: planned, in-progress and completed
 * (docs/product/feedback-board.md#feature-requests).
 */
export const PUBLIC_FEATURE_STATUSES: readonly FeatureStatus[] = ["planned", "in-progress", "completed"];

export function isFeatureStatus(value: unknown): value is FeatureStatus {
  return typeof value === "string" && (FEATURE_STATUSES as readonly string[]).includes(value);
}

/** Statuses are shown with the hyphen replaced by a space. */
export function statusLabel(status: string): string {
  return status.replace(/-/g, " ");
}

/** One colour per status (Tailwind classes for the badge). */
export const STATUS_BADGE_CLASS: Record<FeatureStatus, string> = {
  "under-review": "border-amber-500/40 bg-amber-500/10 text-amber-300",
  planned: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  "in-progress": "border-violet-500/40 bg-violet-500/10 text-violet-300",
  completed: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  rejected: "border-red-500/40 bg-red-500/10 text-red-300",
};

/** The /feedback status filter (value "all" or one status). */
export const FEATURE_FILTERS = [
  { value: "all", label: "All Features" },
  { value: "planned", label: "Planned" },
  { value: "in-progress", label: "In Progress" },
  { value: "completed", label: "Completed" },
  { value: "under-review", label: "Under Review" },
] as const;
export type FeatureFilter = (typeof FEATURE_FILTERS)[number]["value"];

// Who may submit, how many, and the refusal texts are in ./entitlements.ts (Free none; Pro and Elite 50).
/** Longest stored texts (the original brief set none; these keep rows and emails a sensible size). */
export const TEXT_LIMITS = { feedback: 5000, title: 200, description: 5000 } as const;
/** The submit button reads 'Submitted!' for 3 s after success. */
export const SUBMITTED_LABEL_MS = 3000;

export const FEEDBACK_MESSAGES = {
  submitFailed: "Failed to submit feedback. Please try again.",
  loadFailed: "Failed to load feedback",
  mustLogInSubmit: "Must be logged in to submit feedback",
  mustLogInView: "Must be logged in to view feedback",
  textRequired: "Please enter your feedback",
  freeFeedback: "Submitting feedback is available for Pro and Elite subscribers.",
  freeRequests: "Feature requests and voting are available for Pro and Elite subscribers.",
  viewPricing: "View Pricing Plans →",
  upgrade: "Upgrade to Submit Feedback",
} as const;

export const FEATURE_MESSAGES = {
  mustLogInCreate: "Must be logged in to create feature requests",
  createFailed: (reason: string) => `Failed to create feature request: ${reason}`,
  titleDescriptionRequired: "Title and description are required",
  mustLogInView: "Must be logged in to view feature requests",
  loadFailed: "Failed to load feature requests",
  mustLogInVote: "Must be logged in to vote",
  notFound: "Feature request not found",
  voteFailed: "Failed to register vote",
  // On screen
  loadFailedScreen: "Failed to load feature requests. Please try again.",
  mustLogInVoteScreen: "You must be logged in to vote",
  voteFailedScreen: "Failed to register vote. Please try again.",
  mustLogInSubmitScreen: "You must be logged in to submit feature requests",
  submitFailedScreen: "Failed to submit feature request. Please try again.",
  emptyFilter: "No feature requests match your current filter.",
  /** Not in the original brief: a new request is under review, which non-admins do not see (decision 100). */
  submittedForReview:
    "Thanks! Your request is under review: only you and the team see it until it is planned.",
} as const;

export type VoteDirection = 1 | -1;
export type VoteState = VoteDirection | 0;

/**
 * The product's voting table: the same direction again removes the vote; the other direction flips it.
 * Returns the viewer's new vote and the change to the request's total.
 */
export function applyVote(current: VoteState, cast: VoteDirection): { next: VoteState; delta: number } {
  const next: VoteState = current === cast ? 0 : cast;
  return { next, delta: next - current };
}

/**
 * Admin filter chips: 'All' is exclusive; choosing a specific chip clears All; deselecting the last chip
 * returns to All; otherwise multi-select. An empty selection means All.
 */
export function toggleChip<T extends string>(selected: readonly T[], chip: T | "all"): T[] {
  if (chip === "all") return [];
  const next = selected.includes(chip) ? selected.filter((c) => c !== chip) : [...selected, chip];
  return next;
}

/** Parses a comma-separated chip list from a URL, keeping only known values, without duplicates. */
export function parseChips<T extends string>(raw: string | null | undefined, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const seen = new Set<T>();
  for (const part of raw.split(",")) {
    const value = part.trim() as T;
    if ((allowed as readonly string[]).includes(value)) seen.add(value);
  }
  return [...seen];
}

/** What the feedback page's action answers (its fetchers read it). */
export type FeedbackActionData =
  | { ok: true; intent: "feedback" | "request" }
  | { ok: true; intent: "vote"; requestId: string; votes: number; userVote: number }
  | { ok: false; intent: "feedback" | "request" | "vote" | null; message: string; status?: number };

/**
 * What the page shows for a refused action: the server's words, except when the session has ended (401), where
 * the screen has its own texts for a vote and a feature request (docs/product/feedback-board.md#who-may-post).
 * General feedback has no screen text of its own, so the server's stays.
 */
export function feedbackScreenMessage(refusal: Extract<FeedbackActionData, { ok: false }>): string {
  if (refusal.status !== 401) return refusal.message;
  if (refusal.intent === "vote") return FEATURE_MESSAGES.mustLogInVoteScreen;
  if (refusal.intent === "request") return FEATURE_MESSAGES.mustLogInSubmitScreen;
  return refusal.message;
}

/** The query ("?param=a,b", or "" for none) of a chip's link: the selection with `chip` toggled. */
export function chipQuery<T extends string>(param: string, selected: readonly T[], chip: T | "all"): string {
  const next = toggleChip(selected, chip);
  return next.length ? `?${new URLSearchParams({ [param]: next.join(",") })}` : "";
}

/** A feature request as every reader sees it (the board and the back office). */
export interface FeatureRequestFields {
  id: string;
  title: string;
  description: string;
  status: FeatureStatus;
  votes: number;
  createdAt: number;
  /** The author's tier when they wrote it (Elite requests sort first and wear the crown). */
  userSubscriptionTier: string;
}

export interface FeatureRequestView extends FeatureRequestFields {
  /** The viewer's vote: true up, false down, null none (the API's userVoted). */
  userVoted: boolean | null;
}
