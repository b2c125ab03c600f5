import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

export type ToastKind = "info" | "success" | "error";

export interface ToastInput {
  message: string;
  kind?: ToastKind;
  /** Milliseconds before it hides; the product's timings are passed by callers (2 s, 3 s, 5 s, 6 s). */
  durationMs?: number;
  action?: { label: string; href: string };
}

interface Toast extends Required<Omit<ToastInput, "action">> {
  id: number;
  action?: ToastInput["action"];
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

const KIND_STYLES: Record<ToastKind, string> = {
  info: "border-slate-600 bg-ink-800 text-slate-100",
  success: "border-emerald-600/60 bg-emerald-950 text-emerald-100",
  error: "border-red-600/60 bg-red-950 text-red-100",
};

/** Toasts at top-center (docs/product/app-shell.md#toasts-and-progress). */
export function Toaster({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const push = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      const toast: Toast = {
        id,
        message: input.message,
        kind: input.kind ?? "info",
        durationMs: input.durationMs ?? 3000,
        action: input.action,
      };
      setToasts((list) => [...list.slice(-3), toast]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toast.durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg border px-4 py-2.5 text-sm shadow-lg ${KIND_STYLES[t.kind]}`}
          >
            <span>{t.message}</span>
            {t.action ? (
              <a className="font-semibold underline" href={t.action.href}>
                {t.action.label}
              </a>
            ) : null}
            <button
              type="button"
              aria-label="Dismiss"
              className="ml-1 text-slate-400 hover:text-white"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
