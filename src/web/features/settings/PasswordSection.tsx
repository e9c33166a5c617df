import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/Button.tsx";
import { NewPasswordFields, PasswordField } from "../../components/ui/PasswordField.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { newPasswordPairProblem, requiredProblem } from "../auth/messages.ts";
import { report } from "./report.ts";
import { Section } from "./Section.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { changePassword } from "./api.ts";

const PASSWORD_FIELDS = {
  current: "settings-current-password",
  next: "settings-new-password",
  confirm: "settings-confirm-password",
};

export function PasswordSection() {
  const { refresh, user } = useAuth();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  useLeaveGuard(!!(current || next || confirm), "the password change you started");
  const onSaveKey = useSaveShortcut();

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      setCurrent("");
      setNext("");
      setConfirm("");
      await refresh();
      toast.success("Password Changed", {
        description: "You stay signed in here; every other device has been signed out.",
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "INVALID_PASSWORD") {
        report({
          title: "Password not changed",
          description: "Your current password is not correct.",
          field: PASSWORD_FIELDS.current,
        });
      } else {
        toast.error("Password not changed", { description: error.message });
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      requiredProblem(current, PASSWORD_FIELDS.current) ??
      newPasswordPairProblem(next, confirm, { password: PASSWORD_FIELDS.next, confirm: PASSWORD_FIELDS.confirm }) ??
      (next === current
        ? {
            title: "Same Password",
            description: "The new password must differ from the current one.",
            field: PASSWORD_FIELDS.next,
          }
        : null);
    if (problem) return report(problem);
    change.mutate({ currentPassword: current, newPassword: next });
  };

  return (
    <Section
      id="settings-password"
      title="Password"
      icon={<KeyRound aria-hidden className="size-5" />}
      description="Changing it signs you out everywhere else, so use it if someone else may know your password."
    >
      <form noValidate onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-4">
        {/* lets password managers file the new password under the right account */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <PasswordField
          id={PASSWORD_FIELDS.current}
          label="Current Password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
        />
        <NewPasswordFields
          ids={{ password: PASSWORD_FIELDS.next, confirm: PASSWORD_FIELDS.confirm }}
          label="New Password"
          hint
          password={next}
          confirm={confirm}
          onPassword={setNext}
          onConfirm={setConfirm}
        />
        <div>
          <Button type="submit" busy={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </Section>
  );
}
