import { PASSWORD_MIN_LENGTH } from "../../../common/limits.ts";
import { Field, type FieldProps } from "./Field.tsx";

/** Shown under a password being chosen where the screen does not say the rule in its own words. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

type PasswordFieldProps = Omit<FieldProps, "type" | "required" | "value" | "onChange"> & {
  id: string;
  value: string;
  onValue(value: string): void;
};

/** A required password input; it offers to fill a new password unless told it is the current one. */
export function PasswordField({ value, onValue, autoComplete = "new-password", ...rest }: PasswordFieldProps) {
  return (
    <Field
      {...rest}
      type="password"
      required
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

interface NewPasswordFieldsProps {
  ids: { password: string; confirm: string };
  /** The first field's name; the second is named "Confirm " and the same. */
  label: "Password" | "New Password";
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  /** Show NEW_PASSWORD_HINT under the first field. */
  hint?: boolean;
}

/** A new password typed twice; `newPasswordPairProblem` (auth/messages.ts) checks the pair. */
export function NewPasswordFields({
  ids,
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  hint,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label={label}
        value={password}
        onValue={onPassword}
        hint={hint ? NEW_PASSWORD_HINT : undefined}
      />
      <PasswordField id={ids.confirm} label={`Confirm ${label}`} value={confirm} onValue={onConfirm} />
    </>
  );
}
