import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Shared Cash Secured Put · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Shared Cash Secured Put" />;
}
