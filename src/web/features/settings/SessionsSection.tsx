import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from "lucide-react";
import { toast } from "sonner";
import { SESSIONS_QUERY_KEY, type SessionDto } from "../../../common/sessions.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useFormats } from "../../lib/format.ts";
import { failed } from "../../lib/change.ts";
import { Section } from "./Section.tsx";
import { useSessions, endSession, signOutOthers } from "./api.ts";

const KIND_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, unknown: MonitorSmartphone } as const;

/** The person's signed-in devices: where they are signed in, and a way to end any of those sessions. */
export function SessionsSection() {
  const fmt = useFormats();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const refetch = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });

  const endOne = useMutation({
    mutationFn: (s: SessionDto) => endSession(s.id),
    onSuccess: (_r, s) => toast.success("Device signed out", { description: `${s.device} has to sign in again.` }),
    onError: failed("Device not signed out"),
    onSettled: refetch,
  });
  const endOthers = useMutation({
    mutationFn: signOutOthers,
    onSuccess: (r) =>
      toast.success("Other devices signed out", {
        description: r.ended === 1 ? "1 device has to sign in again." : `${r.ended} devices have to sign in again.`,
      }),
    onError: failed("Devices not signed out"),
    onSettled: refetch,
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Section
      id="settings-devices"
      title="Signed-in Devices"
      icon={<MonitorSmartphone aria-hidden className="size-5" />}
      description="Where your account is signed in now. Sign out a device you no longer use or do not recognise; if you do not recognise one, change your password too."
    >
      {sessions.error ? (
        <LoadError what="Your signed-in devices" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !sessions.data ? (
        <div role="status" aria-label="Loading your signed-in devices" aria-busy="true">
          <Skeleton className="h-24" />
        </div>
      ) : (
        <>
          <ul
            aria-label="Signed-in devices"
            className="divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {sessions.data.map((s) => {
              const Icon = KIND_ICONS[s.kind];
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                  <Icon aria-hidden className="size-5 shrink-0 text-zinc-500" />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium text-zinc-900 dark:text-zinc-100">
                      {s.device}
                      {s.current && (
                        <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                          This device
                        </span>
                      )}
                    </div>
                    <div className="text-xs text-zinc-600 dark:text-zinc-400">
                      {s.ipAddress ? `${s.ipAddress} · ` : ""}
                      {s.current ? "Active now" : `Last seen ${fmt.dateTime(s.lastSeenAt)}`} · signed in{" "}
                      {fmt.dateTime(s.signedInAt)}
                    </div>
                  </div>
                  {!s.current && (
                    <Button
                      variant="secondary"
                      busy={endOne.isPending && endOne.variables?.id === s.id}
                      onClick={() => endOne.mutate(s)}
                      aria-label={`Sign out ${s.device}`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div>
            <Button
              variant="secondary"
              disabled={others === 0}
              busy={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              Sign out all other devices
            </Button>
          </div>
        </>
      )}
    </Section>
  );
}
