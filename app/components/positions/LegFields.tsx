// The legs of a position as form fields (leg<i>.right/side/strike/expiration): the "I took this" dialog and the
// roll form share them, every field editable.
import { controlClass } from "#app/components/ui/Field.tsx";
import type { PositionLegInput } from "#app/lib/positions/client.ts";

const cell = `${controlClass} w-full text-sm`;

export function LegFields({ legs }: { legs: readonly PositionLegInput[] }) {
  return (
    <fieldset className="mt-3">
      <legend className="text-xs font-medium text-slate-300">Legs</legend>
      <div className="mt-1 grid gap-2">
        {legs.map((leg, i) => (
          <div key={i} className="grid grid-cols-[5.75rem_5rem_1fr] gap-2 sm:grid-cols-[6rem_5rem_1fr_10rem]">
            <select
              name={`leg${i}.side`}
              defaultValue={leg.side}
              aria-label={`Leg ${i + 1} side`}
              className={cell}
            >
              <option value="short">Short</option>
              <option value="long">Long</option>
            </select>
            <select
              name={`leg${i}.right`}
              defaultValue={leg.right}
              aria-label={`Leg ${i + 1} put or call`}
              className={cell}
            >
              <option value="put">Put</option>
              <option value="call">Call</option>
            </select>
            <input
              name={`leg${i}.strike`}
              defaultValue={Number.isFinite(leg.strike) ? String(leg.strike) : ""}
              inputMode="decimal"
              aria-label={`Leg ${i + 1} strike`}
              className={cell}
            />
            <input
              name={`leg${i}.expiration`}
              type="date"
              defaultValue={leg.expiration}
              aria-label={`Leg ${i + 1} expiration`}
              className={`${cell} col-span-3 sm:col-span-1`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
