import { PageHeading } from "../components/ui/PageHeading";

export const meta = () => [{ title: "Watchlist · Wheelhouse" }];

export default function Screen() {
  return <PageHeading title="Watchlist" />;
}
