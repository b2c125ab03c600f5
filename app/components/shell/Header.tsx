import { Suspense, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { ShellUser } from "#app/lib/shell-user.ts";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import { buttonClass } from "#app/components/ui/button-class.ts";

const MAIN_LINKS = [
  { to: "/tickers", label: "Watchlist" },
  { to: "/spreads", label: "Spreads" },
  { to: "/wheels", label: "Wheels" },
];
const INFO_LINKS = [
  { to: "/options-guide", label: "Options Guide" },
  { to: "/wheelhouse-howtos", label: "Wheelhouse How-tos" },
  { to: "/track-record", label: "Track Record" },
];
const LEGAL_LINKS = [
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/risk-disclosure", label: "Risk Disclosure" },
];

// Only a signed-in user has an account menu: visitors never load it (decision 185). Its boundary keeps the
// server's HTML until the chunk arrives; a <details> menu opens without JavaScript meanwhile.
const AccountMenu = deferredComponent(() =>
  import("#app/components/shell/AccountMenu.tsx").then((m) => m.AccountMenu),
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "text-white bg-ink-700" : "text-slate-300 hover:text-white hover:bg-ink-800"}`;

/** Closes every open <details> menu in the header when the route changes. */
function useCloseMenusOnNavigation(ref: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  useEffect(() => {
    ref.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key, ref]);
}

function Dropdown({
  label,
  links,
  align = "left",
}: {
  label: string;
  links: { to: string; label: string }[];
  align?: "left" | "right";
}) {
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-ink-800 hover:text-white">
        {label}
        <span aria-hidden className="text-xs transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div
        className={`absolute ${align === "right" ? "right-0" : "left-0"} z-50 mt-1 w-56 rounded-lg border border-ink-700 bg-ink-900 p-1 shadow-xl`}
      >
        {links.map((l) => (
          <Link
            key={l.to}
            to={l.to}
            className="block rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-ink-800 hover:text-white"
          >
            {l.label}
          </Link>
        ))}
      </div>
    </details>
  );
}

export function Header({ user }: { user: ShellUser | null }) {
  const ref = useRef<HTMLElement>(null);
  useCloseMenusOnNavigation(ref);
  return (
    <header ref={ref} className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-2 flex items-center gap-2 font-semibold text-white"
          aria-label="Wheelhouse home"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Wheelhouse</span>
        </Link>

        <nav className="hidden items-center gap-1 lg:flex" aria-label="Main">
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <Dropdown label="Info" links={INFO_LINKS} />
          <NavLink to="/pricing" className={linkClass}>
            Pricing
          </NavLink>
          <NavLink to="/feedback" className={linkClass}>
            Feedback
          </NavLink>
          <Dropdown label="Legal" links={LEGAL_LINKS} />
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link
                to="/signin"
                className="whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-slate-200 hover:bg-ink-800"
              >
                Sign In
              </Link>
              <Link to="/signup" className={buttonClass({ size: "sm", className: "whitespace-nowrap" })}>
                Sign Up
              </Link>
            </>
          )}
          <details className="relative lg:hidden">
            <summary
              className="cursor-pointer rounded-md p-2 text-slate-300 hover:bg-ink-800"
              aria-label="Open menu"
            >
              <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden>
                <path
                  d="M3 5h14M3 10h14M3 15h14"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </summary>
            <nav
              className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-ink-700 bg-ink-900 p-2 shadow-xl"
              aria-label="Mobile"
            >
              {[
                ...MAIN_LINKS,
                { to: "/pricing", label: "Pricing" },
                { to: "/feedback", label: "Feedback" },
              ].map((l) => (
                <NavLink key={l.to} to={l.to} className={(s) => `block ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              ))}
              <p className="mt-2 px-3 text-xs uppercase tracking-wide text-slate-500">Info</p>
              {INFO_LINKS.map((l) => (
                <NavLink key={l.to} to={l.to} className={(s) => `block ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              ))}
              <p className="mt-2 px-3 text-xs uppercase tracking-wide text-slate-500">Legal</p>
              {LEGAL_LINKS.map((l) => (
                <NavLink key={l.to} to={l.to} className={(s) => `block ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
