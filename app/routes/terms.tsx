import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Terms & Conditions · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Terms & Conditions" />;
}
