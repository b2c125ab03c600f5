// Admin: User Feedback, filtered by category chips (?category=bug,general).
import type { Route } from "./+types/admin-feedback";
import { FeedbackList } from "#app/components/admin/FeedbackList.tsx";
import { ChipBar } from "#app/components/feedback/parts.tsx";
import { chipQuery, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, parseChips } from "#app/lib/feedback.ts";
import { requireAdminActor } from "#app/server/admin/actions.server.ts";
import { listFeedbackForAdmin } from "#app/server/admin/board.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

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
