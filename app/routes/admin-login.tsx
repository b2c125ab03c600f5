import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Admin Access · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Admin Access" />;
}
