import { createContext, useContext } from "react";

/**
 * The built stylesheet's text, provided by app/entry.server.tsx when it renders a document (production builds
 * only). Undefined in the browser, and in dev, where Vite links app.css itself (with hot reload).
 */
export const StylesheetContext = createContext<string | undefined>(undefined);

const STYLE_ID = "wh-styles";
let cssFromDocument: string | undefined;

/**
 * The app's whole stylesheet inside the document's <head> (decision 185), so the first paint waits for no
 * second request. The browser renders the same element from the text the document already holds: the CSS is
 * sent once, and client navigations keep it (every route shares this one stylesheet).
 */
export function InlineStylesheet() {
  const serverCss = useContext(StylesheetContext);
  const css =
    serverCss ??
    (typeof document === "undefined"
      ? undefined
      : (cssFromDocument ??= document.getElementById(STYLE_ID)?.textContent ?? undefined));
  return css === undefined ? null : <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
