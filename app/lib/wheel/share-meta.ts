// Page title and social preview tags of a shared wheel page (Open Graph and Twitter).
import { formatPercent, formatPrice } from "#app/lib/format.ts";
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import type { SharePayload } from "#app/lib/wheel/share.ts";

export interface SharePageMetaInput {
  type: WheelType;
  payload: SharePayload | null;
  imageUrl: string | null;
  pageUrl: string;
}

export function sharePageMeta({ type, payload, imageUrl, pageUrl }: SharePageMetaInput) {
  const name = type === "CSP" ? "Cash Secured Put" : "Covered Call";
  if (!payload) return [{ title: `Shared ${name} · Wheelhouse` }, { name: "robots", content: "noindex" }];
  const title = `${payload.symbol} ${name}: $${payload.strike} strike, ${payload.expirationDate} · Wheelhouse`;
  const description =
    `Premium $${formatPrice(payload.premium)}/share` +
    (payload.returnOnCapital !== undefined ? `, ${formatPercent(payload.returnOnCapital, 2)} return` : "") +
    (payload.annualizedReturn !== undefined
      ? ` (${formatPercent(payload.annualizedReturn, 1)} annualized)`
      : "") +
    ". Wheel strategy ideas from Wheelhouse.";
  const tags: Record<string, string>[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (imageUrl)
    tags.push(
      { property: "og:image", content: imageUrl },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:image", content: imageUrl },
    );
  return tags;
}

/** The meta function of a shared wheel page, from its loader data. */
export function sharePageMetaFrom(
  type: WheelType,
  data:
    | { state: { status: string; payload?: SharePayload }; imageUrl: string | null; pageUrl: string }
    | undefined,
) {
  return sharePageMeta({
    type,
    payload: data?.state.status === "ok" ? (data.state.payload ?? null) : null,
    imageUrl: data?.imageUrl ?? null,
    pageUrl: data?.pageUrl ?? "",
  });
}
