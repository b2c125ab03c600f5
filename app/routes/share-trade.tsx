import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Shared Trade · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Shared Trade" />;
}
