import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Coming Soon · Wheelhouse" }];

/** /simulation, /saved and /positions (spec: Coming Soon placeholder). */
export default function ComingSoon() {
  return (
    <section className="mx-auto max-w-lg py-20 text-center">
      <PageHeading title="Coming Soon" />
      <p className="text-slate-300">This feature is under development.</p>
    </section>
  );
}
