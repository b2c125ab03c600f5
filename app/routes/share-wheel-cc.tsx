import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Shared Covered Call · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Shared Covered Call" />;
}
