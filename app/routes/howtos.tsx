import { Link, useLoaderData } from "react-router";
import { JsonLd } from "#app/components/howtos/JsonLd.tsx";
import { VideoEmbed } from "#app/components/howtos/VideoEmbed.tsx";
import { articleJsonLd, HOWTO_VIDEOS, HOWTOS_LAST_UPDATED } from "#app/lib/howtos.ts";
import { defaultShareImage, originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { howtoVideoIds } from "#app/server/howtos.server.ts";
import { publicOrigin } from "#app/server/env.server.ts";
import type { Route } from "./+types/howtos";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

const TITLE = "Wheelhouse How-tos";
const DESCRIPTION =
  "Step-by-step guides for Wheelhouse: placing a bull put spread from Trade Ideas, selling a cash-secured put from Wheels, and installing the app on your phone.";
const PATH = "/wheelhouse-howtos";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${TITLE} · Wheelhouse`,
    description: DESCRIPTION,
    path: PATH,
    origin: originFromMatches(matches),
    type: "article",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const origin = publicOrigin(env, request);
  return {
    videoIds: howtoVideoIds(env),
    jsonLd: articleJsonLd({
      headline: TITLE,
      description: DESCRIPTION,
      url: `${origin}${PATH}`,
      image: defaultShareImage(origin),
      dateModified: HOWTOS_LAST_UPDATED,
    }),
  };
}

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  const { videoIds, jsonLd } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-5xl">
      <JsonLd json={jsonLd} />
      <Link to="/" className="text-sm text-sky-300 hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-white sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-400">Short guides to the two strategies Wheelhouse is built around.</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        {HOWTO_VIDEOS.map((video) => (
          <section key={video.key} aria-labelledby={`howto-${video.key}`} className="flex flex-col gap-3">
            <h2 id={`howto-${video.key}`} className="text-lg font-semibold text-white">
              {video.title}
            </h2>
            <VideoEmbed title={video.title} youtubeId={videoIds[video.key]} />
            <p className="text-slate-300">{video.summary}</p>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
              {video.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Link to={video.appPath} className="text-sm font-medium text-emerald-300 hover:underline">
              Open {video.appPath === "/spreads" ? "Trade Ideas" : "Wheels"} →
            </Link>
          </section>
        ))}
      </div>

      <h2 className="mt-12 text-lg font-semibold text-white">More guides</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Link
          to="/wheelhouse-howtos/mobile-app-install"
          className="rounded-lg border border-white/10 bg-white/[0.03] p-4 transition hover:border-emerald-400/50"
        >
          <span className="block font-semibold text-white">Install Wheelhouse on your phone</span>
          <span className="mt-1 block text-sm text-slate-400">
            Add Wheelhouse to your home screen on iPhone, Android or Samsung Internet.
          </span>
        </Link>
        <div className="rounded-lg border border-dashed border-white/10 p-4">
          <span className="block font-semibold text-slate-300">Iron condors step by step</span>
          <span className="mt-1 block text-sm text-slate-400">Coming soon.</span>
        </div>
        <div className="rounded-lg border border-dashed border-white/10 p-4">
          <span className="block font-semibold text-slate-300">Covered calls on your positions</span>
          <span className="mt-1 block text-sm text-slate-400">Coming soon.</span>
        </div>
      </div>
      <p className="mt-6 text-sm text-slate-400">
        New to options? Start with the{" "}
        <Link to="/options-guide" className="text-sky-300 underline">
          Options Trading Fundamentals
        </Link>{" "}
        guide.
      </p>
    </article>
  );
}
