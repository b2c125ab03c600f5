// The account messages for loading the signed-in user (docs/product/accounts-and-auth.md#user-data-messages).
export const USER_DATA_MESSAGES = {
  /** A signed-in page finds the user signed out (session expired or revoked) while loading their data. */
  signedOut: "Error loading user data. Please try again.",
  /** Reading the signed-in user's record failed (a server or database error). */
  fetchFailed: "Failed to fetch user data. Please try again.",
} as const;
