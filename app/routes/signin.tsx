import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Welcome Back · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Welcome Back" />;
}
