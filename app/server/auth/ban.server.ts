// A banned account (better-auth admin plugin fields) has no access while the ban lasts. better-auth
// refuses new sessions to banned users but keeps serving sessions created before the ban, so the session
// reader and the auth API's guard both check this.

export interface BanFields {
  banned?: boolean | null;
  banExpires?: Date | string | number | null;
}

/** Banned now: the flag is set and the ban has no end or ends in the future. */
export function isBannedNow(user: BanFields, nowMs = Date.now()): boolean {
  if (!user.banned) return false;
  if (user.banExpires == null) return true;
  const ends = new Date(user.banExpires).getTime();
  return !Number.isFinite(ends) || ends > nowMs;
}
