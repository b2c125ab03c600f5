// The plan-change confirmation (Upgrade / Downgrade). The change is made in place with proration.
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";

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
    <Dialog
      open={open}
      onClose={onClose}
      title={`${verb} to ${toPlan}?`}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={onConfirm}>
            {busy ? "Please wait..." : `Confirm ${verb}`}
          </Button>
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
    </Dialog>
  );
}
