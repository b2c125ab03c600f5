import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Install Wheelhouse on your phone · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Install Wheelhouse on your phone" />;
}
