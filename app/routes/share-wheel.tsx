import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Shared Strategy · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Shared Strategy" />;
}
