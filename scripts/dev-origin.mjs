// The origin the dev server really listens on, read from its own start-up banner: Vite moves to the next
// free port when the configured one is taken, so a hard-coded :5173 can point at someone else's server.

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by definition.
const ANSI = /\u001b\[[0-9;]*m/g;

/** 'http://localhost:5174' from text containing Vite's "Local:   http://localhost:5174/" line, else null. */
export function devServerOrigin(text) {
  const match = text.replace(ANSI, "").match(/Local:\s+(https?:\/\/[^\s/]+)/);
  return match ? match[1] : null;
}
