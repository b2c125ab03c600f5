import { Suspense } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "#app/components/shell/ErrorPage.tsx";
import { Header } from "#app/components/shell/Header.tsx";
import { InlineStylesheet } from "#app/components/shell/InlineStylesheet.tsx";
import { PageViews } from "#app/components/shell/PageViews.tsx";
import { Toaster } from "#app/components/shell/Toaster.tsx";
import { keepPageAfterOfflineAction } from "#app/lib/offline-result.ts";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import { unlessQueryOnly } from "#app/lib/revalidation.ts";
import { loadShell } from "#app/server/shell.server.ts";
// In dev Vite links this stylesheet; production documents carry it inline (InlineStylesheet, vite.config.ts).
import "./app.css";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { d1SessionMiddleware } from "#app/server/http/d1-session-middleware.server.ts";

// Not needed for a page's first paint (decision 185), so loaded on demand: the navigation progress bar draws
// nothing until the first client navigation, and only a trialing user sees the trial banner. Their boundaries
// keep the server's HTML in place until the chunk arrives. (The error page stays in the bundle: it must show
// when the network is gone.)
const NavigationProgress = deferredComponent(() =>
  import("#app/components/shell/NavigationProgress.tsx").then((m) => m.NavigationProgress),
);
const TrialBanner = deferredComponent(() =>
  import("#app/components/shell/TrialBanner.tsx").then((m) => m.TrialBanner),
);

// Every request runs in one D1 session: reads from a replica no older than the user's last write (decision 285).
export const middleware: Route.MiddlewareFunction[] = [d1SessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell(context.get(cloudflareContext).env, request);
}

// A form that could not reach the server keeps its page: the shell's loader is unreachable as well. The
// shell reads nothing from the query: a query-only change (the /spreads filters) leaves it as it is.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepPageAfterOfflineAction({ ...args, defaultShouldRevalidate: unlessQueryOnly(args) });
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png", sizes: "180x180" },
];

export const meta: Route.MetaFunction = () => [
  { title: "Wheelhouse — options income, explained" },
  {
    name: "description",
    content:
      "Credit-spread ideas, cash-secured puts and covered calls ranked and explained for options-income traders.",
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b14" />
        <Meta />
        {/* No nonce on links: style-src allows them, and a browser hides a nonce attribute after parsing,
            so a nonce here would differ between server HTML and hydration (a mismatch on every page). */}
        <Links nonce="" />
        <InlineStylesheet />
      </head>
      <body className="min-h-screen bg-ink-950 font-sans text-slate-200 antialiased">
        <Toaster>
          <Suspense fallback={null}>
            <NavigationProgress />
          </Suspense>
          <Header user={shell?.user ?? null} />
          {shell?.user?.subscriptionStatus === "trialing" ? (
            <Suspense fallback={null}>
              <TrialBanner user={shell.user} />
            </Suspense>
          ) : null}
          <main id="main" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6 sm:px-6">
            {children}
          </main>
        </Toaster>
        {/* Their inline scripts take the CSP nonce entry.server gives ServerRouter. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <PageViews userId={shell?.user?.id ?? null} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Logged for us; the page shows friendly words only (never a stack trace).
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage error={error} />;
}
