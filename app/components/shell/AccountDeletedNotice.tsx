import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useToast } from "#app/components/shell/Toaster.tsx";

export const ACCOUNT_DELETED_MESSAGE = "Your account has been deleted.";

/** After account deletion the user lands on / with ?accountDeleted=1: confirm it once, then clean the URL. */
export function AccountDeletedNotice() {
  const [params] = useSearchParams();
  const toast = useToast();
  const navigate = useNavigate();
  const deleted = params.get("accountDeleted") === "1";
  // Once per mount: React's development StrictMode runs an effect, its cleanup and the effect again on the same
  // component (refs survive that), which showed the toast twice under `npm run dev`.
  const shown = useRef(false);
  useEffect(() => {
    if (!deleted || shown.current) return;
    shown.current = true;
    toast({ message: ACCOUNT_DELETED_MESSAGE, kind: "success", durationMs: 5000 });
    navigate("/", { replace: true, preventScrollReset: true });
  }, [deleted, toast, navigate]);
  return null;
}
