import { useEffect, useState, type ReactNode } from "react";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { DialogFrame } from "./DialogFrame.tsx";
import { LeavePrompt } from "./LeavePrompt.tsx";

/**
 * A modal for a form: Escape or the close button ask `onClose`, which the owner may refuse while
 * something is being saved. The content is unmounted when closed, so each opening starts fresh
 * unless the owner keeps the values itself.
 *
 * `unsaved` names the work typed into it and not saved yet ("the shoot day you were adding"), or is
 * false: while it is set, closing asks Leave or Stay first, and leaving the page asks too (useLeaveGuard),
 * so a slip of the Escape key never throws typed work away.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  onClose,
  wide,
  unsaved,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onClose(): void;
  wide?: boolean;
  unsaved?: string | false | null;
}) {
  const [asking, setAsking] = useState(false);
  useLeaveGuard(open && !!unsaved, unsaved || "");
  useEffect(() => {
    if (!open) setAsking(false);
  }, [open]);
  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  return (
    <>
      <DialogFrame open={open} title={title} description={description} onClose={requestClose} wide={wide}>
        {children}
      </DialogFrame>
      {unsaved && (
        <LeavePrompt
          open={asking}
          what={[unsaved]}
          onStay={() => setAsking(false)}
          onLeave={() => {
            setAsking(false);
            onClose();
          }}
        />
      )}
    </>
  );
}
