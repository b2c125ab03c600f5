// A refused save's words under a form; a plan refusal links to /pricing.
import { Link } from "react-router";
import { POSITIONS_TEXT } from "#app/components/positions/text.ts";

export interface FormErrorState {
  message: string;
  upgrade: boolean;
}

export function FormError({ error }: { error: FormErrorState | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-300">
      {error.message}{" "}
      {error.upgrade ? (
        <Link to="/pricing" className="font-medium underline">
          {POSITIONS_TEXT.upgrade}
        </Link>
      ) : null}
    </p>
  );
}
