import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import type { ProfileDto } from "../../../common/profile.ts";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from "../../../common/school.ts";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { PROFILE_QUERY_KEY } from "../../lib/profile.ts";
import { failed } from "../../lib/change.ts";
import { Section } from "./Section.tsx";
import { updateProfile } from "./api.ts";

/** One box per kind of e-mail, saved the moment it is ticked; what is shown in the portal itself is not affected. */
export function NotificationsSection({ profile }: { profile: ProfileDto }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("");
  // The choice as clicked, shown at once: the cache's copy changes only after the mutation starts, a render later,
  // and a controlled box showing the old value meanwhile looks as if the click did nothing.
  const [clicked, setClicked] = useState<NotificationKind[] | null>(null);
  const optOuts = clicked ?? profile.emailOptOuts;
  const save = useMutation({
    mutationFn: (emailOptOuts: NotificationKind[]) => updateProfile({ emailOptOuts }),
    onMutate: async (emailOptOuts) => {
      // A profile read already in flight (e.g. after a picture was saved) would land after this and tick the box back.
      await queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
      const before = queryClient.getQueryData<ProfileDto>(PROFILE_QUERY_KEY);
      if (before) queryClient.setQueryData<ProfileDto>(PROFILE_QUERY_KEY, { ...before, emailOptOuts });
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(PROFILE_QUERY_KEY, saved),
    onSettled: () => setClicked(null),
    onError: (err, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(PROFILE_QUERY_KEY, ctx.before);
      setStatus("");
      failed("Preference not saved")(err);
    },
  });

  const toggle = (kind: NotificationKind, on: boolean) => {
    const next = on ? optOuts.filter((k) => k !== kind) : [...optOuts, kind];
    setClicked(next);
    const { label } = NOTIFICATION_KIND_LABELS[kind];
    setStatus(
      on
        ? `Saved: you will get e-mails about ${label.toLowerCase()}.`
        : `Saved: no more e-mails about ${label.toLowerCase()}.`,
    );
    save.mutate(NOTIFICATION_KINDS.filter((k) => next.includes(k)));
  };

  return (
    <Section
      id="settings-notifications"
      title="Notifications"
      icon={<Mail aria-hidden className="size-5" />}
      description="Which e-mails The Portal sends you. A change is saved as soon as you tick or clear a box. The bell in the portal still shows everything."
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">E-mail me about</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            id={`settings-email-${kind}`}
            label={NOTIFICATION_KIND_LABELS[kind].label}
            description={NOTIFICATION_KIND_LABELS[kind].when}
            checked={!optOuts.includes(kind)}
            onChange={(e) => toggle(kind, e.target.checked)}
          />
        ))}
      </fieldset>
      <p role="status" className="min-h-4 text-xs text-zinc-600 dark:text-zinc-400">
        {save.isError ? "" : status}
      </p>
    </Section>
  );
}
