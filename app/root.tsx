import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { Header } from "./components/shell/Header";
import { NavigationProgress } from "./components/shell/NavigationProgress";
import { PageViews } from "./components/shell/PageViews";
import { Toaster } from "./components/shell/Toaster";
import { useNonce } from "./lib/nonce";
import { loadShell } from "./server/shell.server";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell(context.cloudflare.env, request);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: Route.MetaFunction = () => [
  { title: "Wheelhouse — options income, explained" },
  {
    name: "description",
    content: "Credit-spread ideas, cash-secured puts and covered calls ranked and explained for options-income traders.",
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
        <Links />
      </head>
      <body className="min-h-screen bg-ink-950 font-sans text-slate-200 antialiased">
        <Toaster>
          <NavigationProgress />
          <Header user={shell?.user ?? null} />
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
  return (
    <>
      <PageViews />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      heading = "Page not found";
      message = "The page you are looking for does not exist.";
    } else if (error.status === 403) {
      heading = "Not allowed";
      message = typeof error.data === "string" && error.data ? error.data : "You do not have access to this page.";
    } else {
      heading = `Error ${error.status}`;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    // Never a stack trace for users; in local development the message helps.
    console.error(error);
  }
  return (
    <section className="mx-auto max-w-lg py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold text-white">{heading}</h1>
      <p className="mt-3 text-slate-400">{message}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-500 px-5 py-2.5 font-medium text-ink-950 hover:bg-brand-400">
        Back to home
      </a>
    </section>
  );
}
