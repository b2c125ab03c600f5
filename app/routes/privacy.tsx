import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Privacy Policy · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Privacy Policy" />;
}
