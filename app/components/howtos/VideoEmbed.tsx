import { useState } from "react";
import { youtubeEmbedUrl } from "#app/lib/howtos.ts";

/**
 * Click-to-load video: until the visitor presses play nothing is requested from the video host (no
 * iframe, no thumbnail), so visiting the page shares nothing with a third party.
 */
export function VideoEmbed({ title, youtubeId }: { title: string; youtubeId: string | null }) {
  const [playing, setPlaying] = useState(false);
  if (!youtubeId) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-dashed border-white/15 bg-white/[0.02] p-4 text-center text-sm text-slate-400">
        Video coming soon — the written walkthrough below covers the same steps.
      </div>
    );
  }
  if (playing) {
    return (
      <iframe
        className="aspect-video w-full rounded-lg border-0"
        src={youtubeEmbedUrl(youtubeId)}
        title={title}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg border border-white/10 bg-gradient-to-br from-ink-900 to-ink-950 p-4 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500 text-ink-950 transition group-hover:scale-105"
      >
        <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="font-medium text-white">Play video: {title}</span>
      <span className="text-xs text-slate-400">
        Loads the player from youtube-nocookie.com when you click.
      </span>
    </button>
  );
}
