import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Options Trading Fundamentals · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Options Trading Fundamentals" />;
}
