// A policy summary in the app's dialog: Cancel closes it, 'I Accept' ticks the matching sign-up box.
import { Link } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";

interface PolicyDialogProps {
  open: boolean;
  title: string;
  fullPageHref: string;
  children: React.ReactNode;
  onCancel: () => void;
  onAccept: () => void;
}

export function PolicyDialog({ open, title, fullPageHref, children, onCancel, onAccept }: PolicyDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onAccept}>I Accept</Button>
        </>
      }
    >
      <div className="space-y-3 text-sm leading-relaxed text-slate-300">{children}</div>
      <Link
        to={fullPageHref}
        target="_blank"
        rel="noopener"
        className="mt-4 inline-block text-sm font-medium text-brand-400 hover:underline"
      >
        Read the full {title}
      </Link>
    </Dialog>
  );
}
