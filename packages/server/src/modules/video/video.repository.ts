/**
 * The deployment's video secret (HMAC key of built-in room tokens), kept as its own row of the
 * `settings` table so every instance of a deployment signs and verifies with the same key and a
 * restart keeps issued tokens valid. It is never part of the settings sections the API returns
 * (db/generated-secret.ts makes and reads it).
 */
export const VIDEO_SECRET_SECTION = 'video_secret';
