// Small pieces every back-office tab uses: an action's message, an empty list, a labelled fact, a date.
import type { AdminActionData } from "#app/lib/admin.ts";

export const formatDate = (ms: number | null) => (ms == null ? "—" : new Date(ms).toLocaleString());

export function Message({ data }: { data: AdminActionData | undefined }) {
  if (!data) return null;
  return (
    <p
      role={data.ok ? "status" : "alert"}
      className={`text-sm ${data.ok ? "text-emerald-400" : "text-red-400"}`}
    >
      {data.message}
    </p>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-xl border border-dashed border-ink-600 p-6 text-center text-slate-400">{text}</p>
  );
}

export function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-all text-slate-100">{value}</dd>
    </div>
  );
}
