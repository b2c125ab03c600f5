// The plan-change confirmation (Upgrade / Downgrade). The change is made in place with proration.
import { Modal } from "../ui/Modal";

interface Props {
  open: boolean;
  busy: boolean;
  direction: "upgrade" | "downgrade";
  fromPlan: string;
  toPlan: string;
  priceLabel: string;
  onClose: () => void;
  onConfirm: () => void;
}

export function PlanChangeDialog({
  open,
  busy,
  direction,
  fromPlan,
  toPlan,
  priceLabel,
  onClose,
  onConfirm,
}: Props) {
  const verb = direction === "upgrade" ? "Upgrade" : "Downgrade";
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${verb} to ${toPlan}?`}
      footer={
        <>
          <button
            type="button"
            disabled={busy}
            onClick={onClose}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-300 hover:bg-ink-800 disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onConfirm}
            className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-50"
          >
            {busy ? "Please wait..." : `Confirm ${verb}`}
          </button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-slate-300">
        You are on the {fromPlan}. Your plan changes to the {toPlan} ({priceLabel}) right away, and you keep
        your access throughout.{" "}
        {direction === "upgrade"
          ? "The prorated difference for the rest of this billing period is charged now."
          : "The unused part of this billing period is credited to your next invoice."}
      </p>
    </Modal>
  );
}
