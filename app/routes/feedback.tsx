import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Help Us Improve · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Help Us Improve" />;
}
