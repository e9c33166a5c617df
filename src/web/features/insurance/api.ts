import { useQuery } from "@tanstack/react-query";
import {
  INSURANCE_TOKEN_HEADER,
  type EndorsementInput,
  type InsuranceLinkDto,
  type InsuranceListDto,
  type InsuranceRequestDto,
  type InsuranceRequestInput,
} from "../../../common/insurance.ts";
import { keys } from "../../../common/query-keys.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

const projectPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/insurance`;
const requestPath = (id: string) => `/rest/v1/insurance/${encodeURIComponent(id)}`;
const linkPath = (id: string) => `/rest/v1/insurance-link/${encodeURIComponent(id)}`;

export const insuranceKeys = {
  project: (projectId: string) => keys.insurance(projectId),
  waiting: () => [...keys.insurance(), "waiting"],
  link: (id: string) => ["insurance-link", id],
};

export function useProjectInsurance(projectId: string) {
  return useQuery({
    queryKey: insuranceKeys.project(projectId),
    queryFn: ({ signal }) => api<InsuranceListDto>(projectPath(projectId), { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

/** A change to one request: the project's list, the waiting list, the documents (a certificate) and the project refetch. */
const useInsuranceChange = <V>(
  projectId: string,
  fn: (v: V) => Promise<InsuranceRequestDto>,
  success: (r: InsuranceRequestDto) => string,
  failure: string,
) =>
  // A typed location or vendor may be saved to the production's contacts with the request.
  useChange(
    {
      invalidate: [
        keys.insurance(),
        keys.documents(projectId),
        keys.project(projectId),
        keys.productionContacts(projectId),
      ],
    },
    fn,
    {
      success: (r) => [success(r)],
      failure,
    },
  );

export const useRequestCertificate = (projectId: string) =>
  useInsuranceChange(
    projectId,
    (input: InsuranceRequestInput) => api<InsuranceRequestDto>(projectPath(projectId), { method: "POST", json: input }),
    (r) =>
      r.status === "awaiting_endorsement" ? "Request sent for endorsement" : "Request sent to the insurance office",
    "The request was not sent",
  );

export const useEndorse = (projectId: string) =>
  useInsuranceChange(
    projectId,
    ({ id, input }: { id: string; input: EndorsementInput }) =>
      api<InsuranceRequestDto>(`${requestPath(id)}/endorsement`, { method: "POST", json: input }),
    (r) => (r.status === "refused" ? "Request not endorsed" : "Request endorsed and sent to the insurance office"),
    "The endorsement was not saved",
  );

export const useRequestAction = (projectId: string) =>
  useInsuranceChange(
    projectId,
    ({ id, action }: { id: string; action: "withdraw" | "link/revoke" | "link/resend" }) =>
      api<InsuranceRequestDto>(`${requestPath(id)}/${action}`, { method: "POST" }),
    (r) =>
      r.status === "withdrawn"
        ? "Request withdrawn"
        : r.linkOpen
          ? "A new link was sent to the office"
          : "The office's link was revoked",
    "That did not work",
  );

export const useOfficeDecline = (projectId: string) =>
  useInsuranceChange(
    projectId,
    ({ id, reason }: { id: string; reason: string }) =>
      api<InsuranceRequestDto>(`${requestPath(id)}/decline`, { method: "POST", json: { reason } }),
    () => "Request declined",
    "The answer was not saved",
  );

export const useOfficeUpload = (projectId: string) =>
  useInsuranceChange(
    projectId,
    ({ id, file }: { id: string; file: File }) =>
      api<InsuranceRequestDto>(
        `/storage/v1/object/insurance/${encodeURIComponent(id)}?name=${encodeURIComponent(file.name)}`,
        {
          raw: { body: file, contentType: file.type || "application/octet-stream" },
        },
      ),
    () => "Certificate sent to the production",
    "The certificate was not uploaded",
  );

// ── The office's link, no account ────────────────────────────────────────────────────────────────

const asOffice = (token: string) => ({ [INSURANCE_TOKEN_HEADER]: token });

export function useInsuranceLink(id: string, token: string) {
  return useQuery({
    queryKey: insuranceKeys.link(id),
    queryFn: ({ signal }) => api<InsuranceLinkDto>(linkPath(id), { headers: asOffice(token), signal }),
    retry: false,
    throwOnError: false,
    refetchOnWindowFocus: false,
  });
}

export const answerByLink = (id: string, token: string, answer: { file: File } | { reason: string }) =>
  "file" in answer
    ? api<{ ok: true }>(
        `/storage/v1/object/insurance-link/${encodeURIComponent(id)}?name=${encodeURIComponent(answer.file.name)}`,
        {
          headers: asOffice(token),
          raw: { body: answer.file, contentType: answer.file.type || "application/octet-stream" },
        },
      )
    : api<{ ok: true }>(`${linkPath(id)}/decline`, {
        method: "POST",
        headers: asOffice(token),
        json: { reason: answer.reason },
      });
