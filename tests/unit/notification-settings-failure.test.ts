// The toast for a failed notification settings change: one message, never a prefix on a prefix (it read
// 'Failed to update notification settings. Failed to update notification settings: ...'), and the product's
// 'Failed to update preferences' when a save gets no answer from the server.
import { describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES, settingsFailureMessage } from "#app/lib/notifications.ts";

describe("settingsFailureMessage", () => {
  it("shows the server's own error as it is", () => {
    const server = `${NOTIFICATION_MESSAGES.updateFailed}: thresholds.rsi.overbought Too big`;
    expect(settingsFailureMessage("save", server)).toBe(server);
    expect(settingsFailureMessage("toggle", server)).toBe(server);
  });

  it("without a server error: 'Failed to update preferences' for a save, the settings text for the switch", () => {
    expect(settingsFailureMessage("save", null)).toBe("Failed to update preferences");
    expect(settingsFailureMessage("toggle", null)).toBe("Failed to update notification settings");
  });
});
