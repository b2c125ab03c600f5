// /positions when its loader failed: the words and a way to try again (a plain link reloads the loader).
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { POSITIONS_TEXT } from "#app/components/positions/text.ts";

/** `inline`: the marks failed under a page that did load (no second heading). */
export function PositionsError({ inline = false }: { inline?: boolean }) {
  return (
    <div className={inline ? "mt-3" : undefined}>
      {inline ? null : <PageHeading title={POSITIONS_TEXT.title} />}
      <div
        role="alert"
        data-testid="positions-error"
        className="rounded-xl border border-red-800/60 bg-red-950/40 p-4 text-red-100"
      >
        <p>{POSITIONS_TEXT.loadFailed}</p>
        <Link to="/positions" reloadDocument className={buttonClass({ size: "sm", className: "mt-3" })}>
          {POSITIONS_TEXT.tryAgain}
        </Link>
      </div>
    </div>
  );
}
