import { useNumberInput, type NumberInputOptions } from "../../lib/number-input.ts";
import { Field, type FieldProps } from "./Field.tsx";

/** A labelled money or quantity field: read in the school's format, with the reason beside it when it cannot be. */
export function NumberField({
  value,
  onChange,
  digits,
  trim,
  format,
  error,
  ...rest
}: Omit<FieldProps, "value" | "onChange"> & NumberInputOptions) {
  const n = useNumberInput({ value, onChange, digits, trim, format });
  // The frame marks the field invalid from the error it shows.
  const { "aria-invalid": _invalid, ...props } = n.props;
  return <Field {...rest} {...props} error={n.error ?? error} />;
}
