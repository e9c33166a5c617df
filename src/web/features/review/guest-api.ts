/**
 * Guest review links (issue 21): the crew's list of a version's links, and the guest page's calls. The guest's
 * grant travels in a cookie the server sets for the link's paths (so the video element sends it too); the page
 * also sends it in a header while it holds it.
 */
import { useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import {
  REVIEW_GRANT_HEADER,
  type CreatedReviewLinkDto,
  type GuestNoteInput,
  type GuestVersionDto,
  type OpenedReviewLinkDto,
  type OpenReviewLinkInput,
  type ReviewLinkDto,
  type ReviewLinkInput,
  type ReviewLinkIntroDto,
} from "../../../common/review-links.ts";
import type { ReviewNote } from "../../../common/review.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

const linksPath = (versionId: string) => `/rest/v1/cut-versions/${encodeURIComponent(versionId)}/review-links`;
export const guestPath = (token: string) => `/rest/v1/review-link/${encodeURIComponent(token)}`;
export const guestMediaPath = (token: string, kind: "original" | "proxy" | "poster") =>
  `${guestPath(token)}/media/${kind}`;
/** The exports of a version's notes, for links (they download with the session's cookie). */
export const notesExportPath = (versionId: string, format: "pdf" | "csv" | "edl") =>
  `/rest/v1/cut-versions/${encodeURIComponent(versionId)}/notes.${format}`;

// ── The crew's side ──

export function useReviewLinks(versionId: string) {
  return useQuery({
    queryKey: keys.reviewLinks(versionId),
    queryFn: ({ signal }) => api<ReviewLinkDto[]>(linksPath(versionId), { signal }),
    retry: retryUnlessRefused,
  });
}

export function useCreateReviewLink(versionId: string, onCreated: (r: CreatedReviewLinkDto) => void) {
  return useChange(
    { invalidate: [keys.reviewLinks(versionId)] },
    (input: ReviewLinkInput) => api<CreatedReviewLinkDto>(linksPath(versionId), { json: input }),
    {
      success: (r) => ["Review link made", `Copy it now for ${r.link.label}: it is shown only this once.`],
      failure: "The review link was not made",
      onSuccess: onCreated,
    },
  );
}

export function useRevokeReviewLink(versionId: string) {
  return useChange(
    { invalidate: [keys.reviewLinks(versionId)] },
    (linkId: string) =>
      api<ReviewLinkDto>(`/rest/v1/review-links/${encodeURIComponent(linkId)}/revoke`, { method: "POST" }),
    {
      success: (r) => ["Review link turned off", `${r.label} can no longer open it.`],
      failure: "The review link was not turned off",
    },
  );
}

// ── The guest's side ──

const withGrant = (grant: string | null) => (grant ? { [REVIEW_GRANT_HEADER]: grant } : undefined);
export const guestKeys = {
  intro: (token: string) => ["review-link", token],
  session: (token: string) => ["review-link", token, "session"],
  notes: (token: string) => ["review-link", token, "notes"],
};

/** What the link is, before it is opened: whether to ask for a password. The page explains a dead link itself. */
export function useLinkIntro(token: string) {
  return useQuery({
    queryKey: guestKeys.intro(token),
    queryFn: ({ signal }) => api<ReviewLinkIntroDto>(guestPath(token), { signal }),
    retry: false,
    throwOnError: false,
    staleTime: Infinity,
  });
}

/** The version again when the browser still holds a grant (a reload): a 401 just means "ask the name". */
export function useGuestSession(token: string, enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.session(token),
    queryFn: ({ signal }) =>
      api<{ version: GuestVersionDto; name: string } | null>(`${guestPath(token)}/session`, { signal }),
    enabled,
    retry: false,
    throwOnError: false,
    staleTime: Infinity,
  });
}

export const openLink = (token: string, input: OpenReviewLinkInput) =>
  api<OpenedReviewLinkDto>(`${guestPath(token)}/open`, { json: input });

export function useGuestNotes(token: string, grant: string | null, enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.notes(token),
    queryFn: ({ signal }) => api<ReviewNote[]>(`${guestPath(token)}/notes`, { signal, headers: withGrant(grant) }),
    enabled,
    retry: false,
    throwOnError: false,
    // A guest has no live updates: the others' notes arrive every half minute.
    refetchInterval: 30_000,
  });
}

export function useAddGuestNote(token: string, grant: string | null, onAdded: (n: ReviewNote) => void) {
  return useChange(
    { invalidate: [guestKeys.notes(token)] },
    (input: GuestNoteInput) => api<ReviewNote>(`${guestPath(token)}/notes`, { json: input, headers: withGrant(grant) }),
    { success: () => ["Note added"], failure: "The note was not added", onSuccess: onAdded },
  );
}
