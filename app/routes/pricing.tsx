import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Choose your Plan · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Choose your Plan" />;
}
