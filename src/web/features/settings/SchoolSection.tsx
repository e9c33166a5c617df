import { GREENLIGHT_GATES, GREENLIGHT_GATE_LABELS, type GreenlightGate } from "../../../common/equipment-access.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { School } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  APPROVAL_LINK_DAYS,
  INSURANCE_LEAD_DAYS_LIMITS,
  EQUIPMENT_RULE_LIMITS,
  SCHOOL_NAME_MAX,
  schoolSettingsSchema,
  type SchoolSettings,
  type SchoolSettingsDto,
} from "../../../common/school.ts";
import { CURRENCIES, CURRENCY_CODES } from "../../../common/money.ts";
import {
  CLOCK_LABELS,
  CLOCKS,
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  type Clock,
  type DateOrder,
} from "../../../common/datetime.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Switch } from "../../components/ui/Switch.tsx";
import { ApiError } from "../../lib/api.ts";
import { SCHOOL_SETTINGS_QUERY_KEY } from "../../lib/number-input.ts";
import { SCHOOL_FORMATS_QUERY_KEY } from "../../lib/format.ts";
import { DeliveryItemsEditor } from "../delivery/DeliveryItemsEditor.tsx";
import { GreenlightEditor } from "./GreenlightEditor.tsx";
import { NumberFormatFields } from "./NumberFormatFields.tsx";
import { fromMinorDraft, toMinorDraft, WorkingHoursFields, type MinorDraft } from "./WorkingHoursFields.tsx";
import { report } from "./report.ts";
import { failed } from "../../lib/change.ts";
import { Section } from "./Section.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { useSignInOptions } from "../../lib/sign-in-options.ts";
import { useSchoolSettingsForm, saveSchoolSettings, useOfficePeople } from "./api.ts";

const gateOptions = GREENLIGHT_GATES.map((g) => ({ value: g, label: GREENLIGHT_GATE_LABELS[g] }));
const clockOptions = CLOCKS.map((c) => ({ value: c, label: CLOCK_LABELS[c] }));
const dateOrderOptions = DATE_ORDERS.map((o) => ({ value: o, label: DATE_ORDER_LABELS[o] }));
const currencyOptions = CURRENCY_CODES.map((c) => ({ value: c, label: `${c} · ${CURRENCIES[c].name}` }));

/** Numbers are edited as text so a cleared field stays cleared instead of turning into 0. */
type NumberKey = "approvalLinkDays" | "minLeadHours" | "maxBookingDays" | "strikeLimit" | "insuranceLeadDays";
type Draft = Omit<SchoolSettings, "approvalLinkDays" | "equipmentRules" | "minorRules" | "insuranceLeadDays"> & {
  numbers: Record<NumberKey, string>;
  greenlightGate: GreenlightGate;
  minors: MinorDraft;
};

const toDraft = (s: SchoolSettings): Draft => ({
  schoolName: s.schoolName,
  currency: s.currency,
  budgetBypass: s.budgetBypass,
  greenlightItems: s.greenlightItems,
  deliveryItems: s.deliveryItems,
  clock: s.clock,
  dateOrder: s.dateOrder,
  requireTwoStepForStaff: s.requireTwoStepForStaff,
  passwordSignInAdminsOnly: s.passwordSignInAdminsOnly,
  workingDays: s.workingDays,
  minors: toMinorDraft(s.minorRules),
  insuranceOfficeUserId: s.insuranceOfficeUserId,
  insuranceOfficeEmail: s.insuranceOfficeEmail,
  insuranceEndorsement: s.insuranceEndorsement,
  greenlightGate: s.equipmentRules.greenlightGate,
  numberFormat: s.numberFormat,
  numbers: {
    approvalLinkDays: String(s.approvalLinkDays),
    minLeadHours: String(s.equipmentRules.minLeadHours),
    maxBookingDays: String(s.equipmentRules.maxBookingDays),
    strikeLimit: String(s.equipmentRules.strikeLimit),
    insuranceLeadDays: String(s.insuranceLeadDays),
  },
});
const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
const fromDraft = (d: Draft): unknown => ({
  schoolName: d.schoolName,
  currency: d.currency,
  budgetBypass: d.budgetBypass,
  greenlightItems: d.greenlightItems,
  deliveryItems: d.deliveryItems,
  approvalLinkDays: num(d.numbers.approvalLinkDays),
  numberFormat: d.numberFormat,
  clock: d.clock,
  dateOrder: d.dateOrder,
  requireTwoStepForStaff: d.requireTwoStepForStaff,
  passwordSignInAdminsOnly: d.passwordSignInAdminsOnly,
  workingDays: d.workingDays,
  minorRules: fromMinorDraft(d.minors),
  insuranceOfficeUserId: d.insuranceOfficeUserId,
  insuranceOfficeEmail: d.insuranceOfficeEmail,
  insuranceEndorsement: d.insuranceEndorsement,
  insuranceLeadDays: num(d.numbers.insuranceLeadDays),
  equipmentRules: {
    minLeadHours: num(d.numbers.minLeadHours),
    maxBookingDays: num(d.numbers.maxBookingDays),
    greenlightGate: d.greenlightGate,
    strikeLimit: num(d.numbers.strikeLimit),
  },
});

const EQUIPMENT_RULE_FIELDS: { key: keyof typeof EQUIPMENT_RULE_LIMITS; label: string; hint: string }[] = [
  { key: "minLeadHours", label: "Notice (hours)", hint: "How far ahead a booking must be made." },
  { key: "maxBookingDays", label: "Longest booking (days)", hint: "From pick-up to return." },
  { key: "strikeLimit", label: "Strike limit", hint: "Late or damaged returns before booking is paused." },
];

/** Who may be named the insurance office: the school side's accounts. */

export function SchoolSection() {
  const settings = useSchoolSettingsForm();
  return (
    <Section
      id="settings-school"
      title="School"
      icon={<School aria-hidden className="size-5" />}
      description="Settings for the whole school, seen by everyone. Only administrators see this section."
    >
      {settings.data ? (
        <SchoolForm initial={settings.data} />
      ) : settings.isError ? (
        <LoadError what="The school settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div role="status" aria-label="Loading the school settings" aria-busy="true">
          <Skeleton className="h-96" />
        </div>
      )}
    </Section>
  );
}

function SchoolForm({ initial }: { initial: SchoolSettingsDto }) {
  const queryClient = useQueryClient();
  // The draft is the admin's until they save or load someone else's version: a refetch never overwrites it.
  const [draft, setDraft] = useState(() => toDraft(initial.settings));
  const sso = useSignInOptions()?.sso;
  const officePeople = useOfficePeople();
  // What the draft started from (loaded or last saved), so that only the admin's own edits count as unsaved.
  const [base, setBase] = useState(draft);
  const start = (s: SchoolSettings) => {
    const d = toDraft(s);
    setDraft(d);
    setBase(d);
  };
  useLeaveGuard(JSON.stringify(draft) !== JSON.stringify(base), "your changes to the school settings");
  const onSaveKey = useSaveShortcut();
  const [version, setVersion] = useState(initial.version);
  const [theirs, setTheirs] = useState<SchoolSettingsDto | null>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setNumber = (key: NumberKey, value: string) =>
    setDraft((d) => ({ ...d, numbers: { ...d.numbers, [key]: value } }));

  const save = useMutation({
    mutationFn: (settings: SchoolSettings) => saveSchoolSettings(version, settings),
    onSuccess: (saved) => {
      start(saved.settings);
      setVersion(saved.version);
      setTheirs(null);
      queryClient.setQueryData(SCHOOL_SETTINGS_QUERY_KEY, saved);
      queryClient.setQueryData(SCHOOL_FORMATS_QUERY_KEY, {
        clock: saved.settings.clock,
        dateOrder: saved.settings.dateOrder,
      });
      toast.success("School Settings Saved", { description: "Everyone sees the new settings from now on." });
    },
    onError: (err) => {
      const current =
        err instanceof ApiError && err.status === 409
          ? (err.details as { current?: SchoolSettingsDto } | undefined)?.current
          : undefined;
      if (current) {
        setTheirs(current);
        toast.error("Settings not saved", {
          description: "Someone else changed these settings while you were editing them.",
        });
        requestAnimationFrame(() => document.getElementById("school-conflict")?.focus());
        return;
      }
      failed("Settings not saved")(err);
    },
  });

  const loadTheirs = () => {
    if (!theirs) return;
    start(theirs.settings);
    setVersion(theirs.version);
    queryClient.setQueryData(SCHOOL_SETTINGS_QUERY_KEY, theirs);
    setTheirs(null);
    toast.success("Loaded their settings", { description: "Make your change again, then save." });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = schoolSettingsSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path ?? [];
      // equipment rules are edited as flat fields; every other path is the field's id as it stands
      const field = path[0] === "equipmentRules" ? `school-${String(path[1])}` : `school-${path.map(String).join("-")}`;
      return report({
        title: "Settings not saved",
        description: issue?.message ?? "Check the school settings.",
        field,
      });
    }
    save.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-6">
      {theirs && (
        <div
          id="school-conflict"
          tabIndex={-1}
          role="alert"
          className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>
            <strong>Someone else changed these settings while you were editing them.</strong> Your changes are still in
            the form but were not saved. Load their version to see what they changed, then make your change again.
          </p>
          <div>
            <Button variant="secondary" onClick={loadTheirs}>
              Load Their Settings
            </Button>
          </div>
        </div>
      )}

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">The school</legend>
        <Field
          id="school-schoolName"
          label="School name"
          required
          maxLength={SCHOOL_NAME_MAX}
          value={draft.schoolName}
          onChange={(e) => set("schoolName", e.target.value)}
        />
        <Select
          id="school-currency"
          label="Currency"
          value={draft.currency}
          options={currencyOptions}
          onChange={(e) => set("currency", e.target.value)}
        />
        <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          Every budget of the school is kept in this currency. Changing it does not convert amounts already entered.
        </p>
      </fieldset>

      <NumberFormatFields value={draft.numberFormat} onChange={(f) => set("numberFormat", f)} />

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">Dates and times</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            id="school-clock"
            label="Clock"
            value={draft.clock}
            options={clockOptions}
            onChange={(e) => set("clock", e.target.value as Clock)}
          />
          <Select
            id="school-dateOrder"
            label="Date order"
            value={draft.dateOrder}
            options={dateOrderOptions}
            onChange={(e) => set("dateOrder", e.target.value as DateOrder)}
          />
        </div>
        <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          How every date and time reads for everyone: on the pages, in the e-mails and on call sheets and other PDFs.
        </p>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">Sign-in</legend>
        <Switch
          id="school-requireTwoStepForStaff"
          label="Require two-step sign-in for staff and admins"
          checked={draft.requireTwoStepForStaff}
          onChange={(v) => set("requireTwoStepForStaff", v)}
          description="Staff and administrators then sign in with their password and a code from an authenticator app. Those who have not set it up yet are taken to their settings to do so after they sign in."
        />
        {sso && (
          <Switch
            id="school-passwordSignInAdminsOnly"
            label="Password sign-in for administrators only"
            checked={draft.passwordSignInAdminsOnly}
            onChange={(v) => set("passwordSignInAdminsOnly", v)}
            description={`Everyone else then signs in with the school account (“${sso.label}”), and new accounts are made only that way. Administrators keep their password, so the school can still sign in if its sign-in service is down.`}
          />
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">Budgets and approvals</legend>
        <Switch
          id="school-budgetBypass"
          label="Budget approval bypass"
          checked={draft.budgetBypass}
          onChange={(v) => set("budgetBypass", v)}
          description="When on, a submitted budget counts as approved at once, without a staff member's approval. Use it only when budgets are approved outside The Portal, for example during a workshop week."
        />
        <Field
          id="school-approvalLinkDays"
          label="Approval link lifetime (days)"
          type="number"
          inputMode="numeric"
          min={APPROVAL_LINK_DAYS.min}
          max={APPROVAL_LINK_DAYS.max}
          value={draft.numbers.approvalLinkDays}
          onChange={(e) => setNumber("approvalLinkDays", e.target.value)}
          hint={`How long a link e-mailed for a budget approval or a signature keeps working: ${APPROVAL_LINK_DAYS.min} to ${APPROVAL_LINK_DAYS.max} days.`}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">
          Insurance certificates
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            id="school-insuranceOfficeUserId"
            label="Insurance office (account)"
            value={draft.insuranceOfficeUserId ?? ""}
            onChange={(e) => set("insuranceOfficeUserId", e.target.value || null)}
            options={[
              { value: "", label: "No account" },
              ...officePeople.map((p) => ({ value: p.id, label: p.fullName })),
            ]}
          />
          <Field
            id="school-insuranceOfficeEmail"
            label="Insurance office (e-mail)"
            type="email"
            value={draft.insuranceOfficeEmail}
            onChange={(e) => set("insuranceOfficeEmail", e.target.value)}
            hint="Sent each request with a link that answers it without an account."
          />
          <Field
            id="school-insuranceLeadDays"
            label="Lead time (business days)"
            type="number"
            inputMode="numeric"
            min={INSURANCE_LEAD_DAYS_LIMITS.min}
            max={INSURANCE_LEAD_DAYS_LIMITS.max}
            value={draft.numbers.insuranceLeadDays}
            onChange={(e) => setNumber("insuranceLeadDays", e.target.value)}
            hint="How many business days (Monday to Friday) before the first insured day a request must be made."
          />
        </div>
        <Switch
          id="school-insuranceEndorsement"
          label="A teacher endorses each request first"
          checked={draft.insuranceEndorsement}
          onChange={(v) => set("insuranceEndorsement", v)}
          description="The project's supervisor or a teacher of its course endorses the request (or refuses it with a comment) before the insurance office is asked."
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-zinc-900 dark:text-zinc-100">Greenlight checklist</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          What every production needs done before it may move into production. Items ticked from a budget, releases or a
          document are ticked by The Portal when that happens; the others by the person you choose.
        </p>
        <GreenlightEditor items={draft.greenlightItems} onChange={(items) => set("greenlightItems", items)} />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-zinc-900 dark:text-zinc-100">Delivery checklist</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          What a finished film delivers, for every course that has not made its own list. An item ticks itself from
          documents of a category (and words in their titles), from signed releases or permits, or is ticked by hand.
        </p>
        <DeliveryItemsEditor
          school
          items={draft.deliveryItems}
          onChange={(items) => set("deliveryItems", items)}
          idPrefix="school-deliveryItems"
          addId="school-delivery-new"
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-zinc-900 dark:text-zinc-100">
          Equipment booking rules
        </legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {EQUIPMENT_RULE_FIELDS.map(({ key, label, hint }) => (
            <Field
              key={key}
              id={`school-${key}`}
              label={label}
              type="number"
              inputMode="numeric"
              min={EQUIPMENT_RULE_LIMITS[key].min}
              max={EQUIPMENT_RULE_LIMITS[key].max}
              value={draft.numbers[key]}
              onChange={(e) => setNumber(key, e.target.value)}
              hint={hint}
            />
          ))}
        </div>
        <Select
          id="school-greenlightGate"
          label="Equipment waits for the greenlight"
          value={draft.greenlightGate}
          options={gateOptions}
          onChange={(e) => set("greenlightGate", e.target.value as GreenlightGate)}
        />
        <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          At reservation, equipment can be reserved only for a production whose greenlight checklist is complete. At
          check-out, a production may reserve before that, but the desk hands nothing out to it until the checklist is
          done.
        </p>
      </fieldset>

      <WorkingHoursFields
        workingDays={draft.workingDays}
        minors={draft.minors}
        onWorkingDays={(v) => set("workingDays", v)}
        onMinors={(v) => set("minors", v)}
      />

      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          Save School Settings
        </Button>
      </div>
    </form>
  );
}
