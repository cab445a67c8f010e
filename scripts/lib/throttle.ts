import type { CDPSession } from "@playwright/test";

/**
 * A slow phone on a slow line, as `audit:throttled` and `profile-hydration` load pages: 150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up, and the CPU slowed 4×.
 */
export async function throttleLikeASlowPhone(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
