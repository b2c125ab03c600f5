import { useMemo } from "react";

const COLORS = ["#34d399", "#10b981", "#fbbf24", "#60a5fa", "#f472b6", "#a78bfa"];

/**
 * A short burst of falling pieces (CSS animation, no library), shown while `show` is true; the page turns
 * it off after the product's 3 seconds. Hidden from assistive technology and for reduced-motion users.
 */
export function Confetti({ show, seed }: { show: boolean; seed: number }) {
  const pieces = useMemo(() => {
    let x = seed * 9301 + 49297;
    const rand = () => (x = (x * 9301 + 49297) % 233280) / 233280;
    return Array.from({ length: 60 }, (_, i) => ({
      left: rand() * 100,
      delay: rand() * 0.6,
      duration: 1.8 + rand() * 1.1,
      size: 5 + rand() * 6,
      color: COLORS[i % COLORS.length],
      rotate: rand() * 360,
    }));
  }, [seed]);
  if (!show) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="wheel-confetti pointer-events-none fixed inset-0 z-50 overflow-hidden motion-reduce:hidden"
    >
      {pieces.map((p, i) => (
        <span
          key={i}
          style={{
            left: `${p.left}%`,
            width: p.size,
            height: p.size * 0.45,
            background: p.color,
            animationDelay: `${p.delay}s`,
            animationDuration: `${p.duration}s`,
            transform: `rotate(${p.rotate}deg)`,
          }}
        />
      ))}
    </div>
  );
}
