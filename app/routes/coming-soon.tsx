import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";

export const meta = ({
  matches,
  location,
}: {
  matches: readonly unknown[];
  location: { pathname: string };
}) =>
  pageMeta({
    title: "Coming Soon · Wheelhouse",
    description: "This Wheelhouse feature is on its way.",
    path: location.pathname,
    origin: originFromMatches(matches),
  });

/**
 * /simulation, /saved and /positions: the Coming Soon placeholder
 * (docs/product/app-shell.md#routes-and-access).
 */
export default function ComingSoon() {
  return (
    <section className="mx-auto max-w-lg py-20 text-center">
      <PageHeading title="Coming Soon" />
      <p className="text-slate-300">This feature is under development.</p>
    </section>
  );
}
