import { Link, useRouteLoaderData } from "react-router";
import { PageHeading } from "../components/ui/PageHeading";
import { withReturnTo } from "../lib/return-address";
import type { loader as rootLoader } from "../root";

export const meta = () => [{ title: "Choose your Plan · Wheelhouse" }];

/** Sign-up from pricing comes back to pricing (spec 000 §4: returnUrl /pricing). */
export const PRICING_SIGN_UP_HREF = withReturnTo("/signup", "/pricing");

// The plan cards, checkout and billing belong to the pricing issue; this page carries the visitor's way in.
export default function Pricing() {
  const shell = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div>
      <PageHeading
        title="Choose your Plan"
        subtitle="Free, Pro and Elite plans. Subscriptions cover our market data and AI infrastructure costs."
      />
      {shell?.user ? null : (
        <Link
          to={PRICING_SIGN_UP_HREF}
          className="inline-block rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-400"
        >
          Sign Up
        </Link>
      )}
    </div>
  );
}
