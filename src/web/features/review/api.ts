import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { keys } from "../../../common/query-keys.ts";
import type {
  CarryResult,
  CutReview,
  DecisionInput,
  MediaKind,
  NoteInput,
  NotePatchInput,
  NotesFilter,
  ReviewNote,
} from "../../../common/review.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

const versionPath = (versionId: string) => `/rest/v1/cut-versions/${encodeURIComponent(versionId)}`;
export const cutReviewPath = (cutId: string) => `/rest/v1/cuts/${encodeURIComponent(cutId)}/review`;
export const notesPath = (versionId: string) => `${versionPath(versionId)}/notes`;
const notePath = (noteId: string) => `/rest/v1/review-notes/${encodeURIComponent(noteId)}`;
/** A version's file for a <video> or <img>: the browser asks for byte ranges itself (or follows S3's redirect). */
export const mediaPath = (versionId: string, kind: MediaKind) => `${versionPath(versionId)}/media/${kind}`;
export { cutPagePath } from "../../../common/review.ts";

export const reviewKeys = {
  cut: (cutId: string) => [...keys.cut(cutId), "review"],
  notes: (versionId: string, filter: NotesFilter = {}) => [
    ...keys.reviewNotes(versionId),
    filter.reviewer ?? "",
    filter.state ?? "",
  ],
};

export function useCutReview(cutId: string) {
  return useQuery({
    queryKey: reviewKeys.cut(cutId),
    // A cut that is not there is the page's not-found state (the route's error screen), as for other detail pages.
    queryFn: ({ signal }) => api<CutReview>(cutReviewPath(cutId), { signal }),
  });
}

export function useNotes(versionId: string | undefined, filter: NotesFilter = {}) {
  return useQuery({
    queryKey: reviewKeys.notes(versionId ?? "", filter),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      if (filter.reviewer) q.set("reviewer", filter.reviewer);
      if (filter.state) q.set("state", filter.state);
      const s = q.toString();
      return api<ReviewNote[]>(`${notesPath(versionId!)}${s ? `?${s}` : ""}`, { signal });
    },
    enabled: !!versionId,
    placeholderData: keepPreviousData,
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

/** A note's changes refresh the version's notes and the cut (its open-note counts). */
const noteKeys = (cutId: string, versionId: string) => ({
  invalidate: [keys.reviewNotes(versionId), keys.cut(cutId)],
});

export const useAddNote = (cutId: string, versionId: string) =>
  useChange(
    noteKeys(cutId, versionId),
    (input: NoteInput) => api<ReviewNote>(notesPath(versionId), { method: "POST", json: input }),
    { success: () => ["Note added"], failure: "Note not added" },
  );

export const useReply = (cutId: string, versionId: string) =>
  useChange(
    noteKeys(cutId, versionId),
    (v: { noteId: string; body: string }) =>
      api<ReviewNote>(`${notePath(v.noteId)}/replies`, { method: "POST", json: { body: v.body } }),
    { success: () => ["Reply added"], failure: "Reply not added" },
  );

export const useUpdateNote = (cutId: string, versionId: string) =>
  useChange(
    noteKeys(cutId, versionId),
    (v: { noteId: string; input: NotePatchInput }) =>
      api<ReviewNote>(notePath(v.noteId), { method: "PATCH", json: v.input }),
    {
      success: (_r, v) =>
        v.input.resolved === undefined ? ["Note changed"] : [v.input.resolved ? "Note resolved" : "Note reopened"],
      failure: "Note not changed",
    },
  );

export const useDeleteNote = (cutId: string, versionId: string) =>
  useChange(
    noteKeys(cutId, versionId),
    (noteId: string) => api<{ deleted: number }>(notePath(noteId), { method: "DELETE" }),
    { success: () => ["Note deleted"], failure: "Note not deleted" },
  );

export const useCarryNotes = (cutId: string, versionId: string) =>
  useChange(
    noteKeys(cutId, versionId),
    (fromVersionId: string) =>
      api<CarryResult>(`${versionPath(versionId)}/carry-notes`, { method: "POST", json: { fromVersionId } }),
    {
      success: (r) =>
        r.carried === 0
          ? ["No notes to carry", "Every open note is here already."]
          : [`${r.carried} open note${r.carried === 1 ? "" : "s"} carried forward`],
      failure: "Notes not carried",
    },
  );

export const useDecide = (cutId: string, versionId: string, projectId: string) =>
  useChange(
    { answer: reviewKeys.cut(cutId), invalidate: [keys.project(projectId)] },
    (input: DecisionInput) => api<CutReview>(`${versionPath(versionId)}/decision`, { method: "POST", json: input }),
    {
      success: (_r, v) =>
        v.decision === "approved"
          ? [v.pictureLock ? "Approved as picture lock" : "Cut approved"]
          : ["Changes requested", "The crew has been told."],
      failure: "Decision not saved",
    },
  );
