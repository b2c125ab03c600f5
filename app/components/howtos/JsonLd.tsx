/**
 * Structured data for crawlers; `json` must already be escaped for a <script> element. A data block is never
 * executed, so the CSP's script-src does not apply and no nonce is needed.
 */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
