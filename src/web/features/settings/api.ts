import { useQuery } from "@tanstack/react-query";
import type { ProfileDto, ProfileUpdate } from "../../../common/profile.ts";
import { keys } from "../../../common/query-keys.ts";
import type { SchoolSettings, SchoolSettingsDto } from "../../../common/school.ts";
import type { EndedSessionsDto, SessionDto } from "../../../common/sessions.ts";
import type { PersonDto } from "../../../common/users.ts";
import type { SealingCertificateDto, SealingCertificateInput } from "../../../common/documents.ts";
import { api } from "../../lib/api.ts";

const PROFILE_PATH = "/rest/v1/profile";
const SCHOOL_PATH = "/rest/v1/school-settings";
const SESSIONS_PATH = "/rest/v1/sessions";
const TWO_FACTOR_PATH = "/auth/v1/two-factor";

/** Any part of the person's own profile (name, theme, e-mail opt-outs); the answer is the whole profile. */
export const updateProfile = (update: Partial<ProfileUpdate>) =>
  api<ProfileDto>(PROFILE_PATH, { method: "PATCH", json: update });
export const uploadAvatar = (file: File) =>
  api<ProfileDto>(`${PROFILE_PATH}/avatar`, { raw: { body: file, contentType: file.type } });
export const removeAvatar = () => api<ProfileDto>(`${PROFILE_PATH}/avatar`, { method: "DELETE" });

export const useSessions = () =>
  useQuery({ queryKey: keys.sessions(), queryFn: ({ signal }) => api<SessionDto[]>(SESSIONS_PATH, { signal }) });
export const endSession = (id: string) =>
  api<EndedSessionsDto>(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" });
export const signOutOthers = () => api<EndedSessionsDto>(`${SESSIONS_PATH}/sign-out-others`, { method: "POST" });

/** The school's settings with their version, for the admin's form (always read fresh, unlike the shared reader's copy). */
export const useSchoolSettingsForm = () =>
  useQuery({
    queryKey: keys.schoolSettings(),
    queryFn: ({ signal }) => api<SchoolSettingsDto>(SCHOOL_PATH, { signal }),
  });
export const saveSchoolSettings = (version: number, settings: SchoolSettings) =>
  api<SchoolSettingsDto>(SCHOOL_PATH, { method: "PUT", json: { version, settings } });

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api("/auth/v1/change-password", { json: { ...body, revokeOtherSessions: true } });
export const enableTwoStep = (password: string) =>
  api<{ totpURI: string; backupCodes: string[] }>(`${TWO_FACTOR_PATH}/enable`, { json: { password } });
export const verifyTotp = (code: string) => api(`${TWO_FACTOR_PATH}/verify-totp`, { json: { code } });
export const newBackupCodes = (password: string) =>
  api<{ backupCodes: string[] }>(`${TWO_FACTOR_PATH}/generate-backup-codes`, { json: { password } });
export const disableTwoStep = (password: string) => api(`${TWO_FACTOR_PATH}/disable`, { json: { password } });

/** The school's staff, equipment office and administrators: the people a school setting may name. */
export function useOfficePeople(): PersonDto[] {
  const q = useQuery({
    queryKey: [...keys.people(), "insurance-office"],
    queryFn: ({ signal }) =>
      api<{ items: PersonDto[] }>("/rest/v1/people?role=staff,equipment_manager,admin&limit=50", { signal }),
    staleTime: 60_000,
    // Only the choices of one field: the settings still work without them.
    throwOnError: false,
  });
  return q.data?.items ?? [];
}

const SEALING_PATH = "/rest/v1/sealing-certificate";
/** The certificate sealed PDFs are signed with (admins only): whose, its fingerprint, never the key. */
export const useSealingCertificate = () =>
  useQuery({
    queryKey: keys.sealingCertificate(),
    queryFn: ({ signal }) => api<SealingCertificateDto | null>(SEALING_PATH, { signal }),
  });
export const uploadSealingCertificate = (input: SealingCertificateInput) =>
  api<SealingCertificateDto>(SEALING_PATH, { method: "PUT", json: input });
