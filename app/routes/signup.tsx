import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Create Account · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Create Account" />;
}
