import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/shell/ErrorPage";
import { Header } from "./components/shell/Header";
import { NavigationProgress } from "./components/shell/NavigationProgress";
import { PageViews } from "./components/shell/PageViews";
import { Toaster } from "./components/shell/Toaster";
import { TrialBanner } from "./components/shell/TrialBanner";
import { useNonce } from "./lib/nonce";
import { keepPageAfterOfflineAction } from "./lib/offline-result";
import { loadShell } from "./server/shell.server";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell(context.cloudflare.env, request);
}

// A form that could not reach the server keeps its page: the shell's loader is unreachable as well.
export const shouldRevalidate = keepPageAfterOfflineAction;

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
  const nonce = useNonce();
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
      </head>
      <body className="min-h-screen bg-ink-950 font-sans text-slate-200 antialiased">
        <Toaster>
          <NavigationProgress />
          <Header user={shell?.user ?? null} />
          <TrialBanner user={shell?.user} />
          <main id="main" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6 sm:px-6">
            {children}
          </main>
        </Toaster>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
