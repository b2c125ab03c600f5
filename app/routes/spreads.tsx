import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Trade Ideas · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Trade Ideas" />;
}
