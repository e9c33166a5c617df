import { Plus } from "lucide-react";
import { Button } from "./Button.tsx";
import { Field } from "./Field.tsx";

/**
 * A label typed to add to a list, with its Add Item button. Enter adds too, and must not submit the form the list
 * sits in (the school settings' checklist is inside that page's one form).
 */
export function AddItemField(props: {
  id?: string;
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange(value: string): void;
  onAdd(): void;
  full: boolean;
  /** The button's name where two lists share a page; "Add Item" otherwise. */
  button?: string;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field
        id={props.id}
        label={props.label}
        className="flex-1"
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          props.onAdd();
        }}
      />
      <Button variant="secondary" disabled={props.full} onClick={props.onAdd}>
        <Plus aria-hidden className="size-4" />
        {props.button ?? "Add Item"}
      </Button>
    </div>
  );
}
