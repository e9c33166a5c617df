import { ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "../../../common/documents.ts";
import { parseNumberInput } from "../../../common/number-input.ts";
import {
  APPROVER_ROLE_LABELS,
  APPROVER_ROLES,
  hazardKeyOf,
  hazardKindsInput,
  type ApproverRole,
  type HazardKind,
} from "../../../common/safety.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { useHazardKinds, useSaveHazardKinds } from "../safety/api.ts";
import { useOfficePeople } from "./api.ts";
import { report } from "./report.ts";
import { Section } from "./Section.tsx";

/** A requirement as edited: the lead time stays the text typed until it is saved; the approver is a role or a person. */
interface ReqDraft {
  label: string;
  category: HazardKind["requirements"][number]["category"];
  approver: string;
  lead: string;
  unit: "days" | "business";
}
/** A kind as edited; `key` is empty for a kind added here, made from its name when saved. */
interface KindDraft {
  key: string;
  label: string;
  requirements: ReqDraft[];
}

const toDraft = (kinds: HazardKind[]): KindDraft[] =>
  kinds.map((k) => ({
    key: k.key,
    label: k.label,
    requirements: k.requirements.map((r) => ({
      label: r.label,
      category: r.category,
      approver: r.approverUserId ?? r.approverRole,
      lead: String(r.leadDays),
      unit: r.businessDays ? "business" : "days",
    })),
  }));

const newRequirement = (): ReqDraft => ({
  label: "",
  category: "risk_assessment",
  approver: "staff",
  lead: "14",
  unit: "days",
});

const categoryOptions = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));
const unitOptions = [
  { value: "days", label: "calendar days" },
  { value: "business", label: "business days" },
];
const fieldId = (k: number, r?: number, part?: string) => `hazard-${k}${r === undefined ? "" : `-${r}`}-${part}`;

/** The school's hazard kinds: what each hazard requires, from whom, and how long before the shoot. */
export function HazardKindsSection() {
  const kinds = useHazardKinds();
  return (
    <Section
      id="hazard-kinds-heading"
      title="Hazards and their paperwork"
      icon={<ShieldAlert aria-hidden className="size-5" />}
      description="What each hazard flagged in a script asks of a production: a document of a category, approved by staff, the administrators or a named person, so many days before the first shoot day of the scene. A change applies to hazards flagged from then on; paperwork already asked for keeps what it was asked with."
    >
      {kinds.isPending ? (
        <div role="status" aria-label="Loading the hazard kinds" aria-busy="true">
          <Skeleton className="h-40" />
        </div>
      ) : kinds.isError ? (
        <LoadError what="The hazard kinds" error={kinds.error} onRetry={() => void kinds.refetch()} />
      ) : (
        <HazardKindsForm initial={kinds.data.kinds} />
      )}
    </Section>
  );
}

function HazardKindsForm({ initial }: { initial: HazardKind[] }) {
  const [draft, setDraft] = useState(() => toDraft(initial));
  const [base, setBase] = useState(draft);
  // The table as saved when this form read it, so a save over another administrator's is refused.
  const [basedOn, setBasedOn] = useState(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  useLeaveGuard(dirty, "your changes to the hazard kinds");
  const format = useSchoolSettings()?.numberFormat;
  const people = useOfficePeople().filter((p) => p.role === "staff" || p.role === "admin");
  const approverOptions = [
    ...APPROVER_ROLES.map((r) => ({ value: r, label: APPROVER_ROLE_LABELS[r] })),
    ...people.map((p) => ({ value: p.id, label: p.fullName })),
  ];
  const save = useSaveHazardKinds({
    success: () => ["Hazard kinds saved", "Hazards flagged from now on ask for this paperwork."],
    failure: "Hazard kinds not saved",
    onSuccess: (r) => {
      setBasedOn(r.kinds);
      const next = toDraft(r.kinds);
      setDraft(next);
      setBase(next);
    },
  });

  const setKind = (k: number, change: Partial<KindDraft>) =>
    setDraft((d) => d.map((x, i) => (i === k ? { ...x, ...change } : x)));
  const setReq = (k: number, r: number, change: Partial<ReqDraft>) =>
    setDraft((d) =>
      d.map((x, i) =>
        i === k ? { ...x, requirements: x.requirements.map((y, j) => (j === r ? { ...y, ...change } : y)) } : x,
      ),
    );

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const taken = draft.map((k) => k.key).filter(Boolean);
    const kinds = [];
    for (const [k, kind] of draft.entries()) {
      const key = kind.key || hazardKeyOf(kind.label, taken);
      if (!kind.key) taken.push(key);
      const requirements = [];
      for (const [r, req] of kind.requirements.entries()) {
        const lead = parseNumberInput(req.lead, { digits: 0, format });
        if (!lead.ok)
          return report({
            title: "Hazard kinds not saved",
            description: `${kind.label || "A new hazard"}, ${req.label || "a requirement"}: the lead time is a whole number of days. ${lead.message}`,
            field: fieldId(k, r, "lead"),
          });
        const role = (APPROVER_ROLES as readonly string[]).includes(req.approver);
        requirements.push({
          label: req.label,
          category: req.category,
          approverRole: (role ? req.approver : "staff") as ApproverRole,
          approverUserId: role ? null : req.approver,
          leadDays: lead.value,
          businessDays: req.unit === "business",
        });
      }
      kinds.push({ key, label: kind.label, requirements });
    }
    const parsed = hazardKindsInput.safeParse({ kinds });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [, k, part, r, field] = issue?.path ?? [];
      return report({
        title: "Hazard kinds not saved",
        description: issue?.message ?? "Check the hazard kinds.",
        field:
          typeof k !== "number"
            ? "hazard-add"
            : part === "requirements" && typeof r === "number"
              ? fieldId(k, r, field === "leadDays" ? "lead" : field === "category" ? "category" : "label")
              : fieldId(k, undefined, "label"),
      });
    }
    save.mutate({ kinds: parsed.data.kinds, basedOn });
  };
  const onSaveKey = useSaveShortcut(() => submit());

  return (
    <form noValidate onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-4">
      {draft.map((kind, k) => (
        <fieldset
          key={k}
          aria-label={kind.label || "New hazard"}
          className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-end gap-2">
            <Field
              id={fieldId(k, undefined, "label")}
              className="min-w-0 flex-1 basis-48"
              label="Hazard"
              required
              maxLength={60}
              value={kind.label}
              onChange={(e) => setKind(k, { label: e.target.value })}
            />
            <Button
              variant="secondary"
              aria-label={`Remove hazard ${kind.label || "(new)"}`}
              onClick={() => setDraft((d) => d.filter((_, i) => i !== k))}
            >
              Remove hazard
            </Button>
          </div>
          {kind.requirements.length === 0 && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              No paperwork: a flag of this hazard only adds a safety plan to the greenlight checklist.
            </p>
          )}
          <ol className="flex flex-col gap-3">
            {kind.requirements.map((req, r) => {
              const name = `${kind.label || "New hazard"}: ${req.label || `requirement ${r + 1}`}`;
              return (
                <li
                  key={r}
                  aria-label={name}
                  className="grid gap-2 rounded-md bg-zinc-50 p-3 sm:grid-cols-2 dark:bg-zinc-950"
                >
                  <Field
                    id={fieldId(k, r, "label")}
                    label="Requirement"
                    required
                    maxLength={120}
                    value={req.label}
                    onChange={(e) => setReq(k, r, { label: e.target.value })}
                  />
                  <Select
                    id={fieldId(k, r, "category")}
                    label="Document category"
                    value={req.category}
                    onChange={(e) => setReq(k, r, { category: e.target.value as ReqDraft["category"] })}
                    options={categoryOptions}
                  />
                  <Select
                    id={fieldId(k, r, "approver")}
                    label="Approved by"
                    value={req.approver}
                    onChange={(e) => setReq(k, r, { approver: e.target.value })}
                    options={
                      approverOptions.some((o) => o.value === req.approver)
                        ? approverOptions
                        : [...approverOptions, { value: req.approver, label: "A named person" }]
                    }
                  />
                  <div className="flex items-end gap-2">
                    <Field
                      id={fieldId(k, r, "lead")}
                      className="w-24"
                      label="Lead time"
                      inputMode="numeric"
                      required
                      value={req.lead}
                      onChange={(e) => setReq(k, r, { lead: e.target.value })}
                    />
                    <Select
                      id={fieldId(k, r, "unit")}
                      label="Counted in"
                      hideLabel
                      className="flex-1"
                      value={req.unit}
                      onChange={(e) => setReq(k, r, { unit: e.target.value as ReqDraft["unit"] })}
                      options={unitOptions}
                    />
                  </div>
                  <div className="sm:col-span-2">
                    <Button
                      variant="secondary"
                      aria-label={`Remove requirement ${name}`}
                      onClick={() => setKind(k, { requirements: kind.requirements.filter((_, j) => j !== r) })}
                    >
                      Remove requirement
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          <div>
            <Button
              variant="secondary"
              onClick={() => setKind(k, { requirements: [...kind.requirements, newRequirement()] })}
            >
              Add a requirement{kind.label ? ` to ${kind.label}` : ""}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          id="hazard-add"
          variant="secondary"
          onClick={() => setDraft((d) => [...d, { key: "", label: "", requirements: [newRequirement()] }])}
        >
          Add a hazard
        </Button>
        <Button type="submit" busy={save.isPending} disabled={!dirty}>
          Save hazard kinds
        </Button>
      </div>
    </form>
  );
}
