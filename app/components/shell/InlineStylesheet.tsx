import { createContext, useContext, useEffect } from "react";

/**
 * The built stylesheet's text, provided by app/entry.server.tsx when it renders a document (production builds
 * only). Undefined in the browser, and in dev, where Vite links app.css itself (with hot reload).
 */
export const StylesheetContext = createContext<string | undefined>(undefined);

const STYLE_ID = "wh-styles";

interface InlineSheet {
  css: string;
  /** Set when the document holds only its own rules: the whole sheet's address (decision 293). */
  fullSheet?: string;
}

let sheetFromDocument: InlineSheet | undefined;

function readDocumentSheet(): InlineSheet | undefined {
  const element = document.getElementById(STYLE_ID);
  if (!element) return undefined;
  return { css: element.textContent ?? "", fullSheet: element.dataset.fullSheet || undefined };
}

/**
 * The app's stylesheet inside the document's <head> (decision 185), so the first paint waits for no second
 * request. The browser renders the same element from the text the document already holds: the CSS is sent once,
 * and client navigations keep it. A document the server sent whole holds only the rules its own markup uses
 * (decision 293); then the whole sheet is linked once the page has hydrated, before another page or an opened
 * menu needs a rule this one did not.
 */
export function InlineStylesheet() {
  const serverCss = useContext(StylesheetContext);
  const sheet: InlineSheet | undefined =
    serverCss !== undefined
      ? { css: serverCss }
      : typeof document === "undefined"
        ? undefined
        : (sheetFromDocument ??= readDocumentSheet());
  const fullSheet = sheet?.fullSheet;
  useEffect(() => {
    if (!fullSheet || document.querySelector(`link[rel="stylesheet"][href="${fullSheet}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = fullSheet;
    document.head.appendChild(link);
  }, [fullSheet]);
  if (!sheet) return null;
  return (
    <style id={STYLE_ID} data-full-sheet={sheet.fullSheet} dangerouslySetInnerHTML={{ __html: sheet.css }} />
  );
}
