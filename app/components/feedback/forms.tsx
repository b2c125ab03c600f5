// The feedback page's two submission forms (general feedback, a new feature request) and the upgrade card a plan
// without them sees.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  FEATURE_MESSAGES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGES,
  feedbackScreenMessage,
  SUBMITTED_LABEL_MS,
  TEXT_LIMITS,
  type FeedbackActionData,
} from "#app/lib/feedback.ts";
import { Button, buttonClass } from "#app/components/ui/Button.tsx";
import { Field, SelectField, TextareaField } from "#app/components/ui/Field.tsx";

export function UpgradeCard({ text, withButton }: { text: string; withButton: boolean }) {
  return (
    <div className="rounded-xl border border-ink-600 bg-ink-900 p-5" data-testid="upgrade-card">
      <p className="text-slate-200">{text}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {withButton ? (
          <Link to="/pricing" className={buttonClass({ size: "lg" })}>
            {FEEDBACK_MESSAGES.upgrade}
          </Link>
        ) : null}
        <Link to="/pricing" className="text-sm font-medium text-brand-400 hover:text-brand-500">
          {FEEDBACK_MESSAGES.viewPricing}
        </Link>
      </div>
    </div>
  );
}

/** 'Submitted!' for 3 s after each success. */
function useSubmittedFlag(fetcher: ReturnType<typeof useFetcher<FeedbackActionData>>, onSuccess: () => void) {
  const [submitted, setSubmitted] = useState(false);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    success.current();
    setSubmitted(true);
    const timer = setTimeout(() => setSubmitted(false), SUBMITTED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);
  return submitted;
}

/**
 * A submission form's state: its fetcher and form, 'Submitted!' after success (the form is reset), busy while
 * posting, and the refusal in the screen's words (feedbackScreenMessage).
 */
function useSubmissionForm() {
  const fetcher = useFetcher<FeedbackActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useSubmittedFlag(fetcher, () => formRef.current?.reset());
  const busy = fetcher.state !== "idle";
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? feedbackScreenMessage(fetcher.data) : null;
  return { fetcher, formRef, submitted, busy, error };
}

export function GeneralFeedback() {
  const { fetcher, formRef, submitted, busy, error } = useSubmissionForm();
  return (
    <fetcher.Form ref={formRef} method="post" className="space-y-4" aria-label="General feedback">
      <input type="hidden" name="intent" value="feedback" />
      <SelectField
        id="category"
        label="Category"
        name="category"
        defaultValue="general"
        controlClassName="w-full"
      >
        {FEEDBACK_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {FEEDBACK_CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id="feedback-text"
        label="Your feedback"
        name="text"
        required
        rows={6}
        maxLength={TEXT_LIMITS.feedback}
        placeholder="Tell us what works, what doesn't, and what you'd like to see."
        controlClassName="w-full"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {submitted ? "Submitted!" : busy ? "Submitting..." : "Submit Feedback"}
      </Button>
    </fetcher.Form>
  );
}

export function NewRequestForm() {
  const { fetcher, formRef, submitted, busy, error } = useSubmissionForm();
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5"
      aria-label="New feature request"
    >
      <h2 className="text-lg font-semibold text-white">Request a feature</h2>
      <input type="hidden" name="intent" value="request" />
      <Field
        id="request-title"
        label="Title"
        name="title"
        required
        maxLength={TEXT_LIMITS.title}
        autoComplete="off"
        controlClassName="w-full"
      />
      <TextareaField
        id="request-description"
        label="Description"
        name="description"
        required
        rows={4}
        maxLength={TEXT_LIMITS.description}
        controlClassName="w-full"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {fetcher.state === "idle" && fetcher.data?.ok ? (
        <p role="status" className="text-sm text-emerald-300">
          {FEATURE_MESSAGES.submittedForReview}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {submitted ? "Submitted!" : busy ? "Submitting..." : "Submit Request"}
      </Button>
    </fetcher.Form>
  );
}
