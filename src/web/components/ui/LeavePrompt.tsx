import { ConfirmDialog } from "./ConfirmDialog.tsx";

const joined = (parts: string[]) =>
  parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/**
 * The one question before unsaved work is thrown away, worded alike wherever it is asked: leaving the page
 * (components/LeaveGuard.tsx), closing a dialog (ui/Dialog.tsx), switching an in-page tab (ui/Tabs.tsx)
 * or the call sheet's day. `what` names the work, as registered with useLeaveGuard.
 */
export function LeavePrompt({
  open,
  what,
  onLeave,
  onStay,
}: {
  open: boolean;
  what: string[];
  onLeave(): void;
  onStay(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={onLeave}
      onCancel={onStay}
    >
      You have not saved {joined(what)}. If you leave now, it is lost; stay to save it.
    </ConfirmDialog>
  );
}
