import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Reset Password · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Reset Password" />;
}
