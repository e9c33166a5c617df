import type { ReactNode } from "react";
import { Button } from "./Button.tsx";
import { DialogFrame } from "./DialogFrame.tsx";

/** A modal question before a destructive action; Escape, Close or Cancel leave without acting. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <DialogFrame open={open} title={title} onClose={onCancel}>
      <div className="text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
