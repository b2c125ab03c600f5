import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Change Password · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Change Password" />;
}
