import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Risk Disclosure · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Risk Disclosure" />;
}
