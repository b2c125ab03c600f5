// The profile fields a user can write through better-auth (display name and picture): their limits and the
// messages for a bad value. The auth API's before-hook enforces them for every caller; the database triggers
// of migration 0011 and the user-write hooks hold the same limits for writers that skip the API.
import { z } from "zod";

/** A display name is shown in the app shell and in admin emails; one longer than this is never useful. */
export const MAX_DISPLAY_NAME_LENGTH = 100;
/** A picture is a web address (Google and Apple send one); 2048 is the longest URL browsers reliably take. */
export const MAX_IMAGE_URL_LENGTH = 2048;

export const PROFILE_MESSAGES = {
  nameInvalid: `Name must be text of 1 to ${MAX_DISPLAY_NAME_LENGTH} characters`,
  imageInvalid: `Image must be a web address (http or https) of at most ${MAX_IMAGE_URL_LENGTH} characters, or empty`,
} as const;

export const displayNameSchema = z
  .string({ error: PROFILE_MESSAGES.nameInvalid })
  .trim()
  .min(1, PROFILE_MESSAGES.nameInvalid)
  .max(MAX_DISPLAY_NAME_LENGTH, PROFILE_MESSAGES.nameInvalid);

export const imageSchema = z.union(
  [
    z.null(),
    z.literal(""),
    z
      .string()
      .max(MAX_IMAGE_URL_LENGTH)
      .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v)),
  ],
  { error: PROFILE_MESSAGES.imageInvalid },
);

/** The part of the address before the @: the name sign-up gives, and what repairs a bad one. */
export function displayNameFromEmail(email: string): string {
  const local = email.split("@")[0] || email;
  return local.slice(0, MAX_DISPLAY_NAME_LENGTH);
}

/**
 * A name as it may be stored, whoever supplies it (an OAuth profile, an admin, a script): text, trimmed,
 * at most the limit; anything else becomes the fallback (the email's local part).
 */
export function storableDisplayName(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim().slice(0, MAX_DISPLAY_NAME_LENGTH).trim();
  return trimmed === "" ? fallback : trimmed;
}

/** A picture as it may be stored: a valid web address, or nothing. */
export function storableImage(value: unknown): string | null {
  const parsed = imageSchema.safeParse(value);
  return parsed.success && parsed.data ? parsed.data : null;
}
