import { useQuery } from "@tanstack/react-query";
import {
  SIGNING_TOKEN_HEADER,
  type DocumentCategory,
  type DocumentDto,
  type DocumentPage,
  type SigningLinkDto,
  type SigningViewDto,
} from "../../../common/documents.ts";
import { keys } from "../../../common/query-keys.ts";
import type {
  ReleaseCopyDto,
  ReleaseCopyInput,
  ReleaseLinkCreateInput,
  ReleaseLinkCreatedDto,
  ReleaseLinkDto,
  ReleaseLinkIntroDto,
} from "../../../common/release-links.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

export const documentsPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/documents`;
export const documentPath = (projectId: string, documentId: string) =>
  `${documentsPath(projectId)}/${encodeURIComponent(documentId)}`;
export const uploadPath = (projectId: string, documentId?: string) =>
  `/storage/v1/object/documents/${encodeURIComponent(projectId)}${documentId ? `/${encodeURIComponent(documentId)}` : ""}`;
export const submissionPath = (submissionId: string) =>
  `/rest/v1/signature-requests/${encodeURIComponent(submissionId)}`;
export const signingPath = (submissionId: string, signatureId: string) =>
  `/rest/v1/signing/${encodeURIComponent(submissionId)}/${encodeURIComponent(signatureId)}`;
/** The page that shows a document: a PDF page by page, an image, or a download. */
export const previewPath = (d: DocumentDto, versionId?: string) =>
  `/view-document?project=${d.projectId}&document=${d.id}${versionId ? `&version=${versionId}` : ""}`;

export type DocumentFilter = { category: DocumentCategory | ""; deleted: boolean; offset: number };
export const DOCUMENTS_PAGE = 20;

export const documentKeys = {
  list: (projectId: string, filter: DocumentFilter) => [...keys.documents(projectId), filter],
  one: (projectId: string, documentId: string) => [...keys.documents(projectId), "one", documentId],
  bytes: (projectId: string, versionId: string | undefined) => [...keys.documents(projectId), "bytes", versionId],
  signing: (submissionId: string, signatureId: string) => keys.signing(submissionId, signatureId),
  signingPdf: (submissionId: string, signatureId: string) => [...keys.signing(submissionId, signatureId), "pdf"],
};

export function useDocuments(projectId: string, filter: DocumentFilter) {
  const params = new URLSearchParams({
    limit: String(DOCUMENTS_PAGE),
    offset: String(filter.offset),
    deleted: String(filter.deleted),
  });
  if (filter.category) params.set("category", filter.category);
  return useQuery({
    queryKey: documentKeys.list(projectId, filter),
    queryFn: ({ signal }) => api<DocumentPage>(`${documentsPath(projectId)}?${params}`, { signal }),
    // The tab and the preview say themselves what went wrong, instead of the route's error screen.
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export function useDocument(projectId: string, documentId: string) {
  return useQuery({
    queryKey: documentKeys.one(projectId, documentId),
    queryFn: ({ signal }) => api<DocumentDto>(documentPath(projectId, documentId), { signal }),
    enabled: !!projectId && !!documentId,
    // The tab and the preview say themselves what went wrong, instead of the route's error screen.
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

/** A version's file as bytes, for the preview to draw; `url` is the version's own address in the bucket. */
export function useDocumentBytes(
  projectId: string,
  version: { id: string; url: string } | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: documentKeys.bytes(projectId, version?.id),
    queryFn: ({ signal }) => api(version!.url, { as: "bytes", signal }),
    enabled: !!version && enabled,
    staleTime: Infinity,
    throwOnError: false,
  });
}

/** A change to a project's documents: its lists and the project (whose greenlight may tick) refetch. */
export const useDocumentChange = <V, R = unknown>(
  projectId: string,
  fn: (v: V) => Promise<R>,
  messages: ChangeMessages<V, R>,
) => useChange({ invalidate: [keys.documents(projectId), keys.project(projectId)] }, fn, messages);

export const uploadDocument = (
  projectId: string,
  documentId: string | undefined,
  file: File,
  params: URLSearchParams,
) =>
  api<DocumentDto>(`${uploadPath(projectId, documentId)}?${params}`, {
    raw: { body: file, contentType: file.type || "application/octet-stream" },
  });

/** The in-person signing link of one signer, with its QR code. */
export const signingLink = (submissionId: string, signerId: string) =>
  api<SigningLinkDto>(`${submissionPath(submissionId)}/signers/${encodeURIComponent(signerId)}/link`, {
    method: "POST",
  });

/** The public signing link answers with our error shape; the reason of a dead link rides in its details. */
const asSigner = (token: string) => ({ [SIGNING_TOKEN_HEADER]: token });

export function useSigningView(submissionId: string, signatureId: string, token: string) {
  return useQuery({
    queryKey: documentKeys.signing(submissionId, signatureId),
    queryFn: ({ signal }) =>
      api<SigningViewDto>(signingPath(submissionId, signatureId), { headers: asSigner(token), signal }),
    retry: false,
    // The page explains a bad link itself instead of the route's error screen.
    throwOnError: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** The document to sign, as bytes; `before` starts what must arrive beside it (the PDF viewer's code). */
export function useSigningPdf(
  submissionId: string,
  signatureId: string,
  token: string,
  view: SigningViewDto | undefined,
  before: () => void,
) {
  return useQuery({
    queryKey: documentKeys.signingPdf(submissionId, signatureId),
    queryFn: ({ signal }) => {
      before();
      return api(view!.documentUrl, { as: "bytes", headers: asSigner(token), signal });
    },
    enabled: !!view,
    retry: false,
    throwOnError: false,
    staleTime: Infinity,
  });
}

/** Signs or declines through the link: `action` is `sign` or `decline`. */
export const answerSigning = (
  submissionId: string,
  signatureId: string,
  token: string,
  action: string,
  json: unknown,
) => api(`${signingPath(submissionId, signatureId)}/${action}`, { json, headers: asSigner(token) });

export const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ── Self-service release links ("scan to sign your release") ───────────────────────────────────────

export const releaseLinksPath = (projectId: string) => `${documentsPath(projectId)}/release-links`;
const publicReleaseLinkPath = (token: string) => `/rest/v1/release-link/${encodeURIComponent(token)}`;

export function useReleaseLinks(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.documents(projectId), "release-links"],
    queryFn: ({ signal }) => api<ReleaseLinkDto[]>(releaseLinksPath(projectId), { signal }),
    enabled,
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export const createReleaseLink = (projectId: string, input: ReleaseLinkCreateInput) =>
  api<ReleaseLinkCreatedDto>(releaseLinksPath(projectId), { json: input });

export const revokeReleaseLink = (projectId: string, linkId: string) =>
  api<ReleaseLinkDto>(`${releaseLinksPath(projectId)}/${encodeURIComponent(linkId)}/revoke`, { method: "POST" });

/** What a visitor sees before typing their name; a closed link answers 410 with its sentence. */
export function useReleaseLinkIntro(token: string) {
  return useQuery({
    queryKey: ["release-link", token],
    queryFn: ({ signal }) => api<ReleaseLinkIntroDto>(publicReleaseLinkPath(token), { signal }),
    retry: false,
    throwOnError: false,
    staleTime: Infinity,
  });
}

export const startReleaseCopy = (token: string, input: ReleaseCopyInput) =>
  api<ReleaseCopyDto>(`${publicReleaseLinkPath(token)}/copies`, { json: input });
