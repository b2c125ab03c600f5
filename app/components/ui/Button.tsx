// The app's one button look. A link that acts as a button takes the same classes through buttonClass.
import type { ButtonHTMLAttributes } from "react";

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

type ButtonProps = ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className">;

/** A <button>; type defaults to "button" so a button inside a form submits only when it says so. */
export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...props} />;
}
