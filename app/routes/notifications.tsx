import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Notification Settings · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Notification Settings" />;
}
