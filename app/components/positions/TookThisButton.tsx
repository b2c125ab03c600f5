// "I took this" on a spread idea card (decision 334). A visitor is sent to sign in with this page as the return
// address, marked to open the dialog on the way back; a plan without open positions (Free) gets the plan's words
// and a link to /pricing (the server refuses too); a paid plan gets the prefilled dialog, whose code loads on
// first use so the idea list's JavaScript does not carry it.
import { Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { newYorkDate } from "#app/engine/time.ts";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import { hasCapability, REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import { withReturnTo } from "#app/lib/return-address.ts";
import type { ShellUser } from "#app/lib/shell-user.ts";
import { TOOK_TEXT, tookThisPrefill, type TookThisPrefill } from "#app/components/positions/took-this.ts";

const TookThisDialog = deferredComponent(() =>
  import("#app/components/positions/TookThisDialog.tsx").then((m) => m.TookThisDialog),
);

/** The query parameter that opens the dialog of the card with this trade id (after sign-in). */
export const TOOK_PARAM = "took";

const look = buttonClass({ variant: "secondary", size: "sm" });

export function TookThisButton({ idea }: { idea: IdeaPayload }) {
  const shell = useRouteLoaderData("root") as { user: ShellUser | null } | undefined;
  const user = shell?.user ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const tradeId = idea.trade_unique_identifier;
  const asked = params.get(TOOK_PARAM) === tradeId;
  const [prefill, setPrefill] = useState<TookThisPrefill | null>(null);
  const [refused, setRefused] = useState(false);
  const allowed = user !== null && hasCapability(user.plan, "openPositions");

  const open = () => {
    if (allowed) setPrefill(tookThisPrefill(idea, newYorkDate(Date.now())));
    else setRefused(true);
  };
  // Back from sign-in with this card's id in the address: open it once, as if pressed.
  useEffect(() => {
    if (asked && user) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, user?.id]);

  /** The address without the marker, so a reload or Back does not open it again. */
  const forget = () => {
    if (!asked) return;
    const next = new URLSearchParams(params);
    next.delete(TOOK_PARAM);
    const query = next.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, {
      replace: true,
      preventScrollReset: true,
    });
  };

  if (!user) {
    const back = `${location.pathname}?${TOOK_PARAM}=${encodeURIComponent(tradeId)}`;
    return (
      <Link to={withReturnTo("/signin", back)} className={look} title={TOOK_TEXT.signIn}>
        {TOOK_TEXT.button}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={open}
        className={look}
        aria-label={`${TOOK_TEXT.button}: ${idea.stock_symbol}`}
      >
        {TOOK_TEXT.button}
      </button>
      {refused ? (
        <p role="alert" className="basis-full text-sm text-amber-200" data-testid="took-refused">
          {REFUSAL_MESSAGES.freeOpenPositions}{" "}
          <Link to="/pricing" className="font-medium underline">
            {TOOK_TEXT.upgrade}
          </Link>
        </p>
      ) : null}
      {prefill ? (
        <Suspense fallback={null}>
          <TookThisDialog
            prefill={prefill}
            onClose={() => {
              setPrefill(null);
              forget();
            }}
            onSaved={() => {
              setPrefill(null);
              forget();
              toast({
                message: TOOK_TEXT.saved,
                kind: "success",
                durationMs: 5000,
                action: { label: TOOK_TEXT.view, href: "/positions" },
              });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
