import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export default function Home() {
  const shell = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(shell?.user);
  return (
    <section className="py-16 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">Start Trading Options Smarter</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
        Learn options trading with AI-powered analysis and educational resources. Make smarter, low-risk trading decisions with confidence.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {signedIn ? (
          <>
            <Link to="/spreads" className="rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-400">Spreads</Link>
            <Link to="/wheels" className="rounded-lg border border-ink-600 px-5 py-2.5 font-semibold text-white hover:bg-ink-800">CSP/CC</Link>
          </>
        ) : (
          <>
            <Link to="/signup" className="rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-400">Get Started</Link>
            <Link to="/wheelhouse-howtos" className="rounded-lg border border-ink-600 px-5 py-2.5 font-semibold text-white hover:bg-ink-800">Learn More</Link>
          </>
        )}
      </div>
    </section>
  );
}
