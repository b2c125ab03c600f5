import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Wheelhouse How-tos · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Wheelhouse How-tos" />;
}
