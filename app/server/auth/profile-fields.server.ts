// The user-writable profile fields of better-auth's own endpoints (name, image): refused with a 400 and a
// clear message before anything reaches D1 (a JSON array bound by D1 becomes a BLOB, which the session query
// cannot read), and cleaned on every user write better-auth makes (OAuth profiles, server calls).
import { APIError } from "better-auth/api";
import {
  displayNameFromEmail,
  displayNameSchema,
  imageSchema,
  PROFILE_MESSAGES,
  storableDisplayName,
  storableImage,
} from "#app/lib/profile.ts";

export const PROFILE_FIELD_CODE = "INVALID_PROFILE_FIELD";

/** Endpoints whose body carries a name or image the user chose, and whether the name is required there. */
const PROFILE_ENDPOINTS: Record<string, { nameRequired: boolean }> = {
  "/sign-up/email": { nameRequired: true },
  "/update-user": { nameRequired: false },
};

function refuse(message: string): never {
  throw new APIError("BAD_REQUEST", { code: PROFILE_FIELD_CODE, message });
}

/** Throws a 400 when the request's name or image is not one the app stores. */
export function checkProfileInput(path: string, body: unknown): void {
  const endpoint = PROFILE_ENDPOINTS[path];
  if (!endpoint || typeof body !== "object" || body === null || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  if (endpoint.nameRequired || "name" in fields) {
    if (!displayNameSchema.safeParse(fields.name).success) refuse(PROFILE_MESSAGES.nameInvalid);
  }
  if ("image" in fields) {
    if (!imageSchema.safeParse(fields.image).success) refuse(PROFILE_MESSAGES.imageInvalid);
  }
}

/** better-auth `databaseHooks.user`: a new user's name and image as they may be stored. */
export function cleanNewUser<T extends { email: string; name: unknown; image?: unknown }>(
  user: T,
): { data: T } {
  return {
    data: {
      ...user,
      name: storableDisplayName(user.name, displayNameFromEmail(String(user.email ?? ""))),
      image: storableImage(user.image),
    },
  };
}

/** The same for an update: a name that is not text is left out (the stored one stays). */
export function cleanUserUpdate<T extends Record<string, unknown>>(update: T): { data: T } {
  const data: Record<string, unknown> = { ...update };
  if ("name" in update) {
    const name = storableDisplayName(update.name, "");
    data.name = name === "" ? undefined : name;
  }
  if ("image" in update) data.image = storableImage(update.image);
  return { data: data as T };
}
