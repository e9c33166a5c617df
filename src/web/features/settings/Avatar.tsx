import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  AVATAR_TYPES,
  AVATAR_WRONG_TYPE,
  type ProfileDto,
} from "../../../common/profile.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { PROFILE_QUERY_KEY } from "../../lib/profile.ts";
import { failed } from "../../lib/change.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { uploadAvatar, removeAvatar } from "./api.ts";

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");

/** The picture beside a person's name: chosen, previewed, then saved; or removed after a question. */
export function AvatarEditor({ profile }: { profile: ProfileDto }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  useLeaveGuard(!!chosen, "the picture you chose");

  useEffect(() => {
    if (!chosen) return setPreview(null);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const saved = (p: ProfileDto) => queryClient.setQueryData(PROFILE_QUERY_KEY, p);
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (p) => {
      saved(p);
      setChosen(null);
      toast.success("Picture Saved", { description: "Your new picture shows beside your name." });
    },
    onError: failed("Picture not saved"),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (p) => {
      saved(p);
      setConfirmRemove(false);
      toast.success("Picture Removed", { description: "Your initials show in its place." });
    },
    onError: failed("Picture not removed"),
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return void toast.error("Picture not saved", { description: AVATAR_WRONG_TYPE });
    if (file.size > AVATAR_MAX_BYTES) return void toast.error("Picture not saved", { description: AVATAR_TOO_LARGE });
    setChosen(file);
  };

  const shown = preview ?? profile.avatarUrl;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="size-20 shrink-0 overflow-hidden rounded-full border border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800">
        {shown ? (
          <img
            src={shown}
            alt={preview ? "Preview of your new picture" : `Picture of ${profile.fullName}`}
            className="size-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-full items-center justify-center text-2xl font-semibold text-zinc-600 dark:text-zinc-300"
          >
            {initials(profile.fullName)}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-2">
        <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Picture</span>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(",")}
          hidden
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        {chosen ? (
          <div className="flex flex-wrap gap-2">
            <Button busy={upload.isPending} onClick={() => upload.mutate(chosen)}>
              Save Picture
            </Button>
            <Button variant="secondary" disabled={upload.isPending} onClick={() => setChosen(null)}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => input.current?.click()}>
              <ImageUp aria-hidden className="size-4" />
              {profile.avatarUrl ? "Change Picture" : "Choose Picture"}
            </Button>
            {profile.avatarUrl && (
              <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                <Trash2 aria-hidden className="size-4" />
                Remove Picture
              </Button>
            )}
          </div>
        )}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          PNG, JPEG or WebP, up to 2 MB. A square picture of your face works best.
        </p>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title="Remove your picture?"
        confirmLabel="Remove Picture"
        busy={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate()}
      >
        Your initials show in its place. You can choose a new picture at any time.
      </ConfirmDialog>
    </div>
  );
}
