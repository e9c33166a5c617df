import { AccountsSection } from "../budgets/AccountsSection.tsx";
import { isAdmin } from "../../../common/roles.ts";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useProfile } from "../../lib/profile.ts";
import { AppearanceSection } from "./AppearanceSection.tsx";
import { NotificationsSection } from "./NotificationsSection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";
import { ProfileSection } from "./ProfileSection.tsx";
import { HazardKindsSection } from "./HazardKindsSection.tsx";
import { SchoolSection } from "./SchoolSection.tsx";
import { SealingCertificateSection } from "./SealingCertificateSection.tsx";
import { SessionsSection } from "./SessionsSection.tsx";
import { TwoStepSection } from "./TwoStepSection.tsx";
import { mayUseTwoStep } from "../../../common/two-step.ts";
import { useAuth } from "../auth/AuthProvider.tsx";

export default function SettingsPage() {
  const { data: profile } = useProfile();
  const { user } = useAuth();
  const schoolAdmin = !!profile && isAdmin(profile.role);
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Settings"
        description={
          schoolAdmin
            ? "Your profile, password, two-step sign-in, signed-in devices, e-mails and the look of The Portal; and, for the whole school, its name, currency, budget, greenlight and equipment rules, and the paperwork each hazard asks for."
            : "Your profile, your password, where you are signed in, the e-mails you get and the look of The Portal."
        }
      />
      <div className="flex flex-col gap-6">
        {profile ? (
          <ProfileSection profile={profile} />
        ) : (
          <div role="status" aria-label="Loading your profile" aria-busy="true">
            <Skeleton className="h-56" />
          </div>
        )}
        <PasswordSection />
        {user && mayUseTwoStep(user.role) && <TwoStepSection />}
        <SessionsSection />
        {profile && <NotificationsSection profile={profile} />}
        <AppearanceSection />
        {/* The school's rules wait for a required two-step sign-in, like everything the server answers beyond the setup. */}
        {schoolAdmin && !user?.twoStep.setupNeeded && <SchoolSection />}
        {schoolAdmin && !user?.twoStep.setupNeeded && <HazardKindsSection />}
        {schoolAdmin && !user?.twoStep.setupNeeded && <AccountsSection />}
        {schoolAdmin && !user?.twoStep.setupNeeded && <SealingCertificateSection />}
      </div>
    </div>
  );
}
