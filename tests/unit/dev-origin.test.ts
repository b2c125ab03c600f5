import { describe, expect, it } from "vitest";
import { devServerOrigin } from "../../scripts/dev-origin.mjs";

describe("npm run dev finds the port Vite really got", () => {
  it("reads the Local line, colours and all", () => {
    const banner =
      "Port 5173 is in use, trying another one...\n\n  \u001b[32m\u001b[1mVITE\u001b[22m v8.3.8\u001b[39m  ready\n\n" +
      "  \u001b[32m➜\u001b[39m  \u001b[1mLocal\u001b[22m:   \u001b[36mhttp://localhost:\u001b[1m5174\u001b[22m/\u001b[39m\n";
    expect(devServerOrigin(banner)).toBe("http://localhost:5174");
    expect(devServerOrigin("  ➜  Local:   http://localhost:5312/\n")).toBe("http://localhost:5312");
  });

  it("is null until the banner has arrived", () => {
    expect(devServerOrigin("Port 5173 is in use, trying another one...")).toBeNull();
  });
});
