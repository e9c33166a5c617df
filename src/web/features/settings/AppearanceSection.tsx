import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Monitor, Moon, Palette, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import type { Theme } from "../../../common/school.ts";
import { RadioGroup } from "../../components/ui/RadioGroup.tsx";
import { PROFILE_QUERY_KEY } from "../../lib/profile.ts";
import { currentTheme, setTheme, subscribeTheme } from "../../lib/theme.ts";
import { failed } from "../../lib/change.ts";
import { Section } from "./Section.tsx";
import { updateProfile } from "./api.ts";

const OPTIONS = [
  {
    value: "system" as const,
    label: "System",
    description: "Follows this device's light or dark setting.",
    icon: <Monitor aria-hidden className="size-4" />,
  },
  {
    value: "light" as const,
    label: "Light",
    description: "Dark text on light backgrounds.",
    icon: <Sun aria-hidden className="size-4" />,
  },
  {
    value: "dark" as const,
    label: "Dark",
    description: "Easier on the eyes in a dark edit suite or on set at night.",
    icon: <Moon aria-hidden className="size-4" />,
  },
];

export function AppearanceSection() {
  const queryClient = useQueryClient();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme);
  const save = useMutation({
    mutationFn: (t: Theme) => updateProfile({ theme: t }),
    onSuccess: (saved) => queryClient.setQueryData(PROFILE_QUERY_KEY, saved),
    onError: failed("Theme not saved to your account"),
  });
  const choose = (t: Theme) => {
    // Shown at once; saved on the profile so other devices follow the next time they load it.
    setTheme(t);
    save.mutate(t);
  };
  return (
    <Section
      id="settings-appearance"
      title="Appearance"
      icon={<Palette aria-hidden className="size-5" />}
      description="How The Portal looks for you, on every device you sign in on."
    >
      <RadioGroup legend="Theme" value={theme} options={OPTIONS} onChange={choose} />
    </Section>
  );
}
