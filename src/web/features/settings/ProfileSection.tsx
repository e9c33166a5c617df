import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  INVALID_NAME,
  PHONE_MAX_LENGTH,
  PROGRAMME_MAX_LENGTH,
  YEAR_OF_STUDY,
  profileUpdateSchema,
  type ProfileDto,
  type ProfileUpdate,
} from "../../../common/profile.ts";
import { ROLE_LABELS } from "../../../common/roles.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { PROFILE_QUERY_KEY } from "../../lib/profile.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { MSG } from "../auth/messages.ts";
import { AvatarEditor } from "./Avatar.tsx";
import { report } from "./report.ts";
import { failed } from "../../lib/change.ts";
import { Section } from "./Section.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { updateProfile } from "./api.ts";

const FIELD_IDS: Record<string, string> = {
  fullName: "settings-full-name",
  phone: "settings-phone",
  programme: "settings-programme",
  yearOfStudy: "settings-year",
};

const yearOptions = [
  { value: "", label: "Not set" },
  ...Array.from({ length: YEAR_OF_STUDY.max - YEAR_OF_STUDY.min + 1 }, (_, i) => ({
    value: String(YEAR_OF_STUDY.min + i),
    label: `Year ${YEAR_OF_STUDY.min + i}`,
  })),
];

export function ProfileSection({ profile }: { profile: ProfileDto }) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone ?? "");
  const [programme, setProgramme] = useState(profile.programme ?? "");
  const [year, setYear] = useState(profile.yearOfStudy ? String(profile.yearOfStudy) : "");
  // Programme and year describe a student's studies; other roles keep what they have but are not asked.
  const isStudent = profile.role === "student";
  useLeaveGuard(
    fullName !== profile.fullName ||
      phone !== (profile.phone ?? "") ||
      programme !== (profile.programme ?? "") ||
      year !== (profile.yearOfStudy ? String(profile.yearOfStudy) : ""),
    "your profile changes",
  );
  const onSaveKey = useSaveShortcut();

  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: async (saved) => {
      setFullName(saved.fullName);
      setPhone(saved.phone ?? "");
      setProgramme(saved.programme ?? "");
      setYear(saved.yearOfStudy ? String(saved.yearOfStudy) : "");
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), refresh()]);
      toast.success("Profile Saved", { description: `Your name now reads “${saved.fullName}”.` });
    },
    onError: failed("Profile not saved"),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (fullName === "") return report({ ...MSG.missing, field: FIELD_IDS.fullName! });
    const parsed = profileUpdateSchema.safeParse({
      fullName,
      phone,
      ...(isStudent ? { programme, yearOfStudy: year } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = String(issue?.path[0] ?? "fullName");
      const title = key === "fullName" ? INVALID_NAME.title : "Profile not saved";
      return report({
        title,
        description: issue?.message ?? INVALID_NAME.message,
        field: FIELD_IDS[key] ?? FIELD_IDS.fullName!,
      });
    }
    save.mutate(parsed.data);
  };

  return (
    <Section
      id="settings-profile"
      title="Profile"
      icon={<UserRound aria-hidden className="size-5" />}
      description="Your name, picture and phone number, shown on crews, call sheets, credits and notes."
    >
      <AvatarEditor profile={profile} />
      <form noValidate onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-4">
        <Field
          id={FIELD_IDS.fullName}
          label="Full Name"
          required
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          hint="At least 2 characters, as it should appear in credits."
        />
        <Field
          id={FIELD_IDS.phone}
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          hint="Optional. Your crew sees it on call sheets, so they can reach you on a shoot day. Leave it empty to hide it."
        />
        {isStudent && (
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <Field
              id={FIELD_IDS.programme}
              label="Programme"
              autoComplete="off"
              maxLength={PROGRAMME_MAX_LENGTH}
              placeholder="e.g. BA Film Production"
              value={programme}
              onChange={(e) => setProgramme(e.target.value)}
            />
            <Select
              id={FIELD_IDS.yearOfStudy}
              label="Year of study"
              value={year}
              onChange={(e) => setYear(e.target.value)}
              options={yearOptions}
            />
          </div>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Email</dt>
          <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{profile.email}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Role</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">{ROLE_LABELS[profile.role]}</dd>
        </dl>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Your e-mail address and your role are changed by an administrator.
        </p>
        <div>
          <Button type="submit" busy={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </Section>
  );
}
