// Admin: User Feedback, filtered by category chips (?category=bug,general).
import type { Route } from "./+types/admin-feedback";
import { FeedbackList } from "../components/admin/FeedbackList";
import { ChipBar } from "../components/feedback/parts";
import { chipQuery, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, parseChips } from "../lib/feedback";
import { requireAdminActor } from "../server/admin/actions.server";
import { listFeedbackForAdmin } from "../server/admin/board.server";
import { cloudflareContext } from "../server/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  await requireAdminActor(env, request);
  const categories = parseChips(new URL(request.url).searchParams.get("category"), FEEDBACK_CATEGORIES);
  try {
    return {
      tab: "feedback" as const,
      categories,
      feedback: await listFeedbackForAdmin(env, categories),
      error: null,
    };
  } catch (error) {
    console.error("admin feedback list failed", error);
    return { tab: "feedback" as const, categories, feedback: null, error: "Failed to load feedback" };
  }
}

export default function AdminFeedback({ loaderData }: Route.ComponentProps) {
  const { categories, feedback, error } = loaderData;
  return (
    <div className="space-y-4">
      <ChipBar
        label="Category filter"
        chips={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c] }))}
        selected={categories}
        hrefFor={(chip) => `/admin/feedback${chipQuery("category", categories, chip)}`}
      />
      {error ? (
        <p role="alert" className="text-red-400">
          {error}
        </p>
      ) : (
        <FeedbackList feedback={feedback ?? []} />
      )}
    </div>
  );
}
