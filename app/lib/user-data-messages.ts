// The spec's account messages (000 §8 "Account and watchlist") for loading the signed-in user.
export const USER_DATA_MESSAGES = {
  /** A signed-in page finds the user signed out (session expired or revoked) while loading their data. */
  signedOut: "Error loading user data. Please try again.",
  /** Reading the signed-in user's record failed (a server or database error). */
  fetchFailed: "Failed to fetch user data. Please try again.",
} as const;
