import { useEffect } from "react";
import { SCROLL_DEPTH_MARKS } from "#app/lib/analytics-events.ts";
import { track } from "#app/lib/track.ts";

/** Sends scroll depth once per mark (25/50/75/100 %) per page visit. */
export function ScrollDepth() {
  useEffect(() => {
    const sent = new Set<number>();
    let frame = 0;
    const measure = () => {
      frame = 0;
      const doc = document.documentElement;
      const scrollable = doc.scrollHeight - window.innerHeight;
      const depth = scrollable <= 0 ? 100 : Math.min(100, ((window.scrollY + 1) / scrollable) * 100);
      for (const mark of SCROLL_DEPTH_MARKS) {
        if (depth >= mark && !sent.has(mark)) {
          sent.add(mark);
          track("scroll_depth", { depth: mark });
        }
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
