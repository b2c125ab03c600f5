// The wheel ledger's expiry proposals (decision 281): what the official close says happened to a short option
// past its expiration, for the user to confirm (recorded as an event) or dismiss. Plain forms: the page's action.
import { Form, useNavigation } from "react-router";
import { formatPrice } from "#app/lib/format.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { LEDGER_EVENT_LABELS } from "#app/lib/wheel/ledger.ts";
import type { LedgerEvent } from "#app/engine/wheel/ledger.ts";

export interface ProposalView {
  id: string;
  event: Omit<LedgerEvent, "id">;
  settlement: number;
  pin: boolean;
}

export function ProposalsSection({ proposals }: { proposals: readonly ProposalView[] }) {
  const busy = useNavigation().state !== "idle";
  if (!proposals.length) return null;
  return (
    <section
      className="mb-4 rounded-xl border border-brand-500/40 bg-ink-900/60 p-5"
      aria-labelledby="proposals-title"
    >
      <h2 id="proposals-title" className="mb-1 text-lg font-semibold text-white">
        Expirations to confirm
      </h2>
      <p className="mb-3 text-sm text-slate-400">
        From the official close on each expiration date. Nothing is recorded until you confirm; check your
        broker's statement first, especially when the close was at the strike.
      </p>
      <ul className="space-y-2">
        {proposals.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-ink-700 p-3"
          >
            <div className="text-sm text-slate-200">
              <span className="font-semibold text-white">{p.event.symbol}</span> {p.event.contracts} ×{" "}
              {formatPrice(p.event.strike ?? 0)} {p.event.optionType} exp {p.event.expiration}:{" "}
              <strong>{LEDGER_EVENT_LABELS[p.event.kind]}</strong> (close {formatPrice(p.settlement)})
              {p.pin ? (
                <span className="ml-2 rounded bg-amber-500/20 px-1.5 py-0.5 text-xs text-amber-200">
                  pinned at the strike: assignment is uncertain
                </span>
              ) : null}
            </div>
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="intent" value="proposal" />
              <input type="hidden" name="proposal" value={p.id} />
              <Button type="submit" name="decision" value="confirm" size="sm" disabled={busy}>
                Confirm
              </Button>
              <Button
                type="submit"
                name="decision"
                value="dismiss"
                size="sm"
                variant="secondary"
                disabled={busy}
              >
                Dismiss
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
