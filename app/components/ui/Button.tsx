// The app's one button look. A link that acts as a button takes the same classes through buttonClass.
import type { ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonLook } from "#app/components/ui/button-class.ts";

export {
  buttonClass,
  type ButtonLook,
  type ButtonSize,
  type ButtonVariant,
} from "#app/components/ui/button-class.ts";

type ButtonProps = ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className">;

/** A <button>; type defaults to "button" so a button inside a form submits only when it says so. */
export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...props} />;
}
