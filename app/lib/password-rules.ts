// Password length rules (docs/product/accounts-and-auth.md#validation). Kept apart from the zod schemas so
// screens can show the hint without shipping zod to the browser.
export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's default maximum; longer input is refused before hashing. */
export const MAX_PASSWORD_LENGTH = 128;
