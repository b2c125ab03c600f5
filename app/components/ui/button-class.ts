// The app's one button look as classes, apart from the Button component: the shell and the home page only need the
// classes for their links, so their route code carries no component (the / route's JS budget).
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "success";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-500 font-semibold text-ink-950 hover:bg-brand-400",
  secondary: "border border-ink-600 font-medium text-slate-200 hover:bg-ink-800",
  danger: "bg-red-600 font-semibold text-white hover:bg-red-500",
  ghost: "font-medium text-slate-300 hover:bg-ink-800 hover:text-white",
  // A done state (a sent message): shown disabled, so not dimmed.
  success: "bg-emerald-600 font-semibold text-white",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-5 py-2.5",
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  className?: string;
}

export function buttonClass({ variant = "primary", size = "md", block = false, className }: ButtonLook = {}) {
  return [
    "inline-flex items-center justify-center gap-2 rounded-lg text-center transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    variant === "success" ? "" : "disabled:opacity-60",
    SIZES[size],
    block ? "w-full" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}
