import { HOME_SAMPLE_CARDS } from "#app/components/market/HomeSampleCards.ts";
import { TickerCard } from "#app/components/market/TickerCard.tsx";

/** The landing page's four sample watchlist cards (static values, labelled as samples). */
export function SampleTickerCards() {
  return HOME_SAMPLE_CARDS.map((card) => (
    <TickerCard
      key={card.symbol}
      data={card}
      footer={<p className="mt-auto pt-4 text-xs text-slate-500">Sample card</p>}
    />
  ));
}
