import { Link, useLoaderData } from "react-router";
import { JsonLd } from "#app/components/howtos/JsonLd.tsx";
import { articleJsonLd, HOWTOS_LAST_UPDATED, INSTALL_GUIDES } from "#app/lib/howtos.ts";
import { defaultShareImage, originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { publicOrigin } from "#app/server/env.server.ts";
import type { Route } from "./+types/howtos-mobile-app-install";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

const TITLE = "Install Wheelhouse on your phone";
const DESCRIPTION =
  "Add Wheelhouse to your home screen with Add to Home Screen: step-by-step for iPhone Safari, Android Chrome and Samsung Internet.";
const PATH = "/wheelhouse-howtos/mobile-app-install";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${TITLE} · Wheelhouse`,
    description: DESCRIPTION,
    path: PATH,
    origin: originFromMatches(matches),
    type: "article",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.get(cloudflareContext).env, request);
  return {
    jsonLd: articleJsonLd({
      headline: TITLE,
      description: DESCRIPTION,
      url: `${origin}${PATH}`,
      image: defaultShareImage(origin),
      dateModified: HOWTOS_LAST_UPDATED,
    }),
  };
}

function BackButton() {
  return (
    <Link
      to="/wheelhouse-howtos"
      className="inline-flex items-center rounded-md border border-white/15 px-3 py-1.5 text-sm text-slate-200 hover:bg-white/5"
    >
      ← Back to How-tos
    </Link>
  );
}

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  const { jsonLd } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl">
      <JsonLd json={jsonLd} />
      <BackButton />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-400">
        Wheelhouse runs in your browser. Adding it to your home screen gives it an icon and a full-screen
        window, like an app, with nothing to download from a store.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {INSTALL_GUIDES.map((guide) => (
          <section
            key={guide.id}
            aria-labelledby={guide.id}
            className="rounded-lg border border-white/10 bg-white/[0.03] p-4"
          >
            <h2 id={guide.id} className="font-semibold text-white">
              {guide.browser}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-300">
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      <div className="mt-8">
        <BackButton />
      </div>
    </article>
  );
}
