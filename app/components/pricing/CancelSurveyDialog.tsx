// 'Help Us Improve': the cancellation survey (docs/product/plans-and-billing.md#cancellation: reasons,
// multi-select plus comment).
import { useState } from "react";
import { CANCELLATION_COMMENT_MAX, CANCELLATION_REASONS, type CancellationReason } from "#app/lib/billing.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { TextareaField } from "#app/components/ui/Field.tsx";

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
    <Dialog
      open={open}
      onClose={onClose}
      title="Help Us Improve"
      subtitle="Why are you cancelling? Your answer helps us build a better product."
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={() => onSubmit(null)}>
            Skip
          </Button>
          <Button
            disabled={busy || (reasons.length === 0 && !comment.trim())}
            onClick={() => onSubmit({ reason: reasons, comment: comment.trim() })}
          >
            {busy ? "Please wait..." : "Submit Feedback"}
          </Button>
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
      <TextareaField
        id="cancel-comment"
        label="Comment (optional)"
        className="mt-4 flex flex-col gap-1"
        controlClassName="w-full text-sm"
        value={comment}
        maxLength={CANCELLATION_COMMENT_MAX}
        onChange={(e) => setComment(e.target.value)}
        rows={3}
        placeholder="Anything we could do better?"
      />
    </Dialog>
  );
}
