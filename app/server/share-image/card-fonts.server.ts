// The share cards' fonts: Inter from @fontsource (latin subset, WOFF: satori reads ttf/otf/woff, not woff2) in its
// two weights, unpacked to plain sfnt when the Worker is BUILT (scripts/card-fonts-plugin.ts) so no isolate
// inflates them. This module names what the build unpacks; it imports
// nothing, so the Vite config can load it as it is.
/** The two weights' WOFF files, as package paths. */
export const CARD_FONT_FILES = {
  regular: "@fontsource/inter/files/inter-latin-400-normal.woff",
  bold: "@fontsource/inter/files/inter-latin-700-normal.woff",
} as const;

/**
 * Satori lays text out by the sum of each character's advance width but draws a word through the font's
 * kerning (GPOS) and ligatures (GSUB): a kerned pair such as "7." drew the word narrower than its box and
 * left a visible gap after it ("Sell 547.5  Put"). Without those tables drawing and layout agree, and the
 * parser has 33 KB less to read on an isolate's first image.
 */
export const CARD_FONT_TABLES_OMITTED = ["GPOS", "GSUB", "GDEF", "kern"] as const;
