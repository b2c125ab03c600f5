// 'Help Us Improve': the cancellation survey (spec 000 §9 reasons, multi-select plus comment).
import { useState } from "react";
import { CANCELLATION_COMMENT_MAX, CANCELLATION_REASONS, type CancellationReason } from "../../lib/billing";
import { Modal } from "../ui/Modal";

interface Props {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (feedback: { reason: CancellationReason[]; comment: string } | null) => void;
}

export function CancelSurveyDialog({ open, busy, onClose, onSubmit }: Props) {
  const [reasons, setReasons] = useState<CancellationReason[]>([]);
  const [comment, setComment] = useState("");
  const toggle = (reason: CancellationReason) =>
    setReasons((list) => (list.includes(reason) ? list.filter((r) => r !== reason) : [...list, reason]));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Help Us Improve"
      subtitle="Why are you cancelling? Your answer helps us build a better product."
      footer={
        <>
          <button
            type="button"
            disabled={busy}
            onClick={() => onSubmit(null)}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-300 hover:bg-ink-800 disabled:opacity-50"
          >
            Skip
          </button>
          <button
            type="button"
            disabled={busy || (reasons.length === 0 && !comment.trim())}
            onClick={() => onSubmit({ reason: reasons, comment: comment.trim() })}
            className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-50"
          >
            {busy ? "Please wait..." : "Submit Feedback"}
          </button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Reasons</legend>
        <div className="space-y-2">
          {CANCELLATION_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-ink-700 px-3 py-2 text-sm hover:border-ink-600"
            >
              <input
                type="checkbox"
                checked={reasons.includes(reason)}
                onChange={() => toggle(reason)}
                className="h-4 w-4 accent-brand-500"
              />
              {reason}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 block text-sm font-medium text-slate-300" htmlFor="cancel-comment">
        Comment (optional)
      </label>
      <textarea
        id="cancel-comment"
        value={comment}
        maxLength={CANCELLATION_COMMENT_MAX}
        onChange={(e) => setComment(e.target.value)}
        rows={3}
        className="mt-1 w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-500 focus:outline-none"
        placeholder="Anything we could do better?"
      />
    </Modal>
  );
}
