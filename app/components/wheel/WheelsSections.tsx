// The two sections of /wheels: the strategies screen and the campaign ledger (decision 270).
import { Link } from "react-router";

export function WheelsSections({ active }: { active: "strategies" | "campaigns" }) {
  const tab = (to: string, label: string, on: boolean) => (
    <Link
      to={to}
      aria-current={on ? "page" : undefined}
      className={`rounded-lg border px-4 py-2 text-sm font-semibold ${on ? "border-brand-500 bg-brand-500/10 text-white" : "border-ink-600 text-slate-300 hover:bg-ink-850"}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Wheels sections" className="mb-4 flex gap-2">
      {tab("/wheels", "Strategies", active === "strategies")}
      {tab("/wheels/campaigns", "Campaigns", active === "campaigns")}
      {/* Every position in one list: the spreads and these wheel options (decision 334). */}
      {tab("/positions", "Positions", false)}
    </nav>
  );
}
