import { useState, type FormEvent } from "react";
import { readTitlePage, TITLE_PAGE_FIELDS, writeTitlePage } from "../../../common/screenplay/title-page.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";

const HINT: Partial<Record<(typeof TITLE_PAGE_FIELDS)[number]["key"], string>> = {
  credit: "For example “Written by” or “Screenplay by”.",
  source: "For example “Based on the short story by …”.",
  contact: "Name, e-mail and phone, one per line; printed at the bottom left.",
};

/**
 * The title page as a form over the script's `Title:` lines: applying writes them into the text, which saves like
 * any other edit, so the script stays plain Fountain and a writer may still type the lines by hand.
 */
export function TitlePagePanel({
  text,
  readOnly,
  onApply,
}: {
  text: string;
  readOnly: boolean;
  onApply(next: string): void;
}) {
  const inText = readTitlePage(text);
  const [typed, setTyped] = useState<typeof inText | null>(null);
  const values = typed ?? inText;
  const dirty = typed !== null && TITLE_PAGE_FIELDS.some((f) => typed[f.key] !== inText[f.key]);
  useLeaveGuard(dirty, "the title page you were filling in");
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(writeTitlePage(text, values));
    setTyped(null);
  };
  return (
    <form aria-label="Title page" onSubmit={apply} className="flex flex-col gap-3 p-1">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The title page is the script’s first lines (<code>Title:</code>, <code>Author:</code>, …). Change them here or
        in the text; the preview and the PDF print them on a page of their own.
      </p>
      {TITLE_PAGE_FIELDS.map((f) => {
        const common = {
          label: f.label,
          hint: HINT[f.key],
          value: values[f.key],
          readOnly,
          onChange: (e: { target: { value: string } }) => setTyped({ ...values, [f.key]: e.target.value }),
        };
        return f.multiline ? <Textarea key={f.key} rows={2} {...common} /> : <Field key={f.key} {...common} />;
      })}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!dirty}>
            Apply to the script
          </Button>
          {dirty && (
            <Button type="button" variant="secondary" onClick={() => setTyped(null)}>
              Undo my changes
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
