import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Reset Admin Password · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Reset Admin Password" />;
}
