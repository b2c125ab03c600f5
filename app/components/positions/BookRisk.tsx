// The book's risk on /positions (decision 341): buying power in use against the stated cash, net delta beta-weighted
// to SPY, theta and vega, concentration by symbol and bucket, the earnings and ex-dividend dates before each
// expiration, the book's P&L at each close, and the form that states the cash. It reads the route's streamed
// `book`, so the page mounts it with no props; each figure says the basis it was taken on.
import { Suspense, useState } from "react";
import { Await, useLoaderData, useRevalidator } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { bucketName } from "#app/lib/bucket-names.ts";
import { formatUsd } from "#app/lib/format.ts";
import type { ConcentrationRow } from "#app/engine/positions/book-risk.ts";
import type { BookRiskData, BookRiskView } from "#app/lib/positions/book-risk.ts";
import { sendStatedCash } from "#app/lib/positions/book-client.ts";
import { BOOK_TEXT } from "#app/components/positions/book-text.ts";
import { BookPnlChart } from "#app/components/positions/BookPnlChart.tsx";
import { Stat } from "#app/components/positions/Stat.tsx";
import { dateText } from "#app/components/positions/text.ts";

function Concentration({
  title,
  rows,
  testId,
  name = (key) => key,
}: {
  title: string;
  rows: ConcentrationRow[];
  testId: string;
  name?: (key: string) => string;
}) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="mb-1 text-left text-xs text-slate-400">
        {title}: {BOOK_TEXT.concentrationCaption}
      </caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-ink-700">
            <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-200">
              {name(row.key)}
            </th>
            <td className="py-1 text-right text-white">{BOOK_TEXT.share(row.percent, row.buyingPower)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CashForm({ stated }: { stated: number | null }) {
  const revalidator = useRevalidator();
  const [value, setValue] = useState(stated === null ? "" : String(stated));
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(cash: number | null) {
    setBusy(true);
    const result = await sendStatedCash(cash);
    setBusy(false);
    setStatus(result);
    if (result.ok) {
      if (cash === null) setValue("");
      void revalidator.revalidate();
    }
  }
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      data-testid="book-cash-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send(value.trim() === "" ? null : Number(value));
      }}
    >
      <label className="grid gap-1 text-sm text-slate-300">
        {BOOK_TEXT.cashLabel}
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          name="statedCash"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-44 rounded-md border border-ink-700 bg-ink-900 px-2 py-1 text-white"
          aria-describedby="book-cash-hint"
        />
      </label>
      <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
        {BOOK_TEXT.save}
      </button>
      {stated !== null ? (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          disabled={busy}
          onClick={() => void send(null)}
        >
          {BOOK_TEXT.clear}
        </button>
      ) : null}
      <p id="book-cash-hint" className="w-full text-xs text-slate-400">
        {BOOK_TEXT.cashHint}
      </p>
      {status ? (
        <p role="status" className={`w-full text-sm ${status.ok ? "text-emerald-300" : "text-red-300"}`}>
          {status.message}
        </p>
      ) : null}
    </form>
  );
}

function BookRiskBody({ book }: { book: BookRiskView }) {
  const total = book.marked + book.unmarked;
  // Nothing marked (and no priced shares): the sums are unknown, not zero.
  const noGreeks = book.marked === 0;
  const noDelta = noGreeks && book.coveredCallShares === book.unpricedShares;
  return (
    <>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <dl>
            <Stat label={BOOK_TEXT.buyingPower} testId="book-buying-power">
              {formatUsd(book.buyingPower, 0)}
            </Stat>
          </dl>
          <p className="text-xs text-slate-300">
            {book.buyingPowerPercent !== null && book.statedCash !== null && book.cashFree !== null
              ? BOOK_TEXT.ofCash(book.buyingPowerPercent, book.statedCash, book.cashFree)
              : BOOK_TEXT.noCash}
          </p>
          <p className="text-xs text-slate-400">{BOOK_TEXT.buyingPowerBasis}</p>
          {book.unsized > 0 ? (
            <p className="text-xs text-amber-200">{BOOK_TEXT.unsized(book.unsized)}</p>
          ) : null}
        </div>
        <div>
          <dl>
            <Stat label={BOOK_TEXT.delta} testId="book-delta">
              {noDelta ? BOOK_TEXT.none : BOOK_TEXT.deltaValue(book.spyShares, book.betaDeltaDollars)}
            </Stat>
          </dl>
          <p className="text-xs text-slate-400">
            {BOOK_TEXT.deltaBasis(book.spySpot, book.deltaDollars, book.deltaShares)}{" "}
            {book.coveredCallShares > 0
              ? BOOK_TEXT.coveredShares(book.coveredCallShares, book.unpricedShares)
              : null}{" "}
            {BOOK_TEXT.betas(book.betaSource)}
          </p>
        </div>
        <div>
          <dl>
            <Stat label={BOOK_TEXT.theta} testId="book-theta">
              {noGreeks ? BOOK_TEXT.none : BOOK_TEXT.thetaValue(book.thetaDollarsPerDay)}
            </Stat>
          </dl>
        </div>
        <div>
          <dl>
            <Stat label={BOOK_TEXT.vega} testId="book-vega">
              {noGreeks ? BOOK_TEXT.none : BOOK_TEXT.vegaValue(book.vegaDollarsPerVolPoint)}
            </Stat>
          </dl>
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-400">
        {BOOK_TEXT.greeksBasis(book.rate, book.rateSource)}{" "}
        {book.quoteTime ? BOOK_TEXT.quoteTime(book.quoteTime) : null}
      </p>
      {book.unmarked > 0 ? (
        <p className="mt-1 text-xs text-amber-200" data-testid="book-unmarked">
          {BOOK_TEXT.unmarked(book.unmarked, total)}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Concentration title={BOOK_TEXT.bySymbol} rows={book.bySymbol} testId="book-by-symbol" />
        <Concentration
          title={BOOK_TEXT.byBucket}
          rows={book.byBucket}
          testId="book-by-bucket"
          name={bucketName}
        />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-white">{BOOK_TEXT.events}</h3>
      {!book.eventsKnown ? (
        <p className="text-sm text-amber-200">{BOOK_TEXT.eventsUnknown}</p>
      ) : book.events.length === 0 ? (
        <p className="text-sm text-slate-400">{BOOK_TEXT.noEvents}</p>
      ) : (
        <ul className="mt-1 grid gap-1 text-sm" data-testid="book-events">
          {book.events.map((e) => (
            <li key={`${e.id}:${e.kind}`} className="text-slate-200">
              <span className="font-semibold text-white">{e.symbol}</span> {BOOK_TEXT.eventKind[e.kind]}{" "}
              {dateText(e.date)}
              {e.estimated ? ` (${BOOK_TEXT.estimated})` : ""} · {BOOK_TEXT.expires(dateText(e.expiration))}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <BookPnlChart points={book.daily} />
      </div>
      <CashForm key={String(book.statedCash)} stated={book.statedCash} />
    </>
  );
}

export function BookRisk() {
  const { book, canOpen } = useLoaderData<BookRiskData>();
  if (!canOpen || !book) return null;
  return (
    <section
      className="mt-8 rounded-xl border border-ink-700 bg-ink-850 p-4"
      aria-labelledby="book-risk-heading"
      data-testid="book-risk"
    >
      <h2 id="book-risk-heading" className="text-lg font-semibold text-white">
        {BOOK_TEXT.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{BOOK_TEXT.intro}</p>
      <Suspense
        fallback={
          <p className="mt-3 text-sm text-slate-400" aria-busy="true">
            {BOOK_TEXT.loading}
          </p>
        }
      >
        <Await
          resolve={book}
          errorElement={<p className="mt-3 text-sm text-amber-200">{BOOK_TEXT.failed}</p>}
        >
          {(view) =>
            view ? (
              <BookRiskBody book={view} />
            ) : (
              <p className="mt-3 text-sm text-amber-200">{BOOK_TEXT.failed}</p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
