import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Wheels · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Wheels" />;
}
