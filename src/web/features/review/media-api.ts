import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Upload, defaultOptions, type DetailedError, type PreviousUpload } from "tus-js-client";
import { keys } from "../../../common/query-keys.ts";
import { CUT_UPLOAD_PATH, type CutSummary, type NewCutInput } from "../../../common/review.ts";
import { api, retryUnlessRefused } from "../../lib/api.ts";
import { useChange } from "../../lib/change.ts";

/** The media side of review (issue 21): the cuts, their uploads and the addresses of their files. */

export const cutsPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/cuts`;
export const cutPath = (cutId: string) => `/rest/v1/cuts/${encodeURIComponent(cutId)}`;
export { mediaPath } from "./api.ts";
export { cutPagePath } from "../../../common/review.ts";

export function useCuts(projectId: string) {
  return useQuery({
    queryKey: keys.cuts(projectId),
    queryFn: ({ signal }) => api<CutSummary[]>(cutsPath(projectId), { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export function useCut(cutId: string) {
  return useQuery({
    queryKey: keys.cut(cutId),
    queryFn: ({ signal }) => api<CutSummary>(cutPath(cutId), { signal }),
    throwOnError: false,
    retry: retryUnlessRefused,
  });
}

export const useCreateCut = (projectId: string) =>
  useChange(
    { invalidate: [keys.cuts(projectId)] },
    (input: NewCutInput) => api<CutSummary>(cutsPath(projectId), { method: "POST", json: input }),
    { success: (c) => [`Cut “${c.title}” made`, "Upload its first version."], failure: "Cut not made" },
  );

/** What an upload is for: a new version of a cut, or the first version of a new cut. */
export type UploadTarget = { cutId: string } | { projectId: string; title: string };

export interface UploadState {
  status: "idle" | "uploading" | "paused" | "done" | "failed";
  fileName?: string;
  sent: number;
  total: number;
  error?: string;
}

/** Pieces of 16 MB: a dropped connection loses at most one, and a balancer's request limits are never near. */
const CHUNK_BYTES = 16 * 1024 * 1024;

/** The server's sentence from a refused tus request (our `{error:{message}}` body), else tus's own words. */
function uploadErrorText(err: Error): string {
  const res = (err as DetailedError).originalResponse;
  const body = res?.getBody();
  if (body) {
    try {
      const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
      if (message) return message;
    } catch {
      if (res && res.getStatus() < 500 && body.length < 300) return body.trim();
    }
  }
  if (!res) return "The connection was lost. Press Resume when you are online again.";
  return "The upload stopped. Press Resume to try again.";
}

/** A refused file (wrong type, no right to upload) will not pass by retrying; a lost connection or a 5xx may. */
const retryable = (err: DetailedError) => {
  const status = err.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
};

/**
 * A resumable upload of one file with tus-js-client: progress, pause and resume, automatic retries after a
 * dropped connection, and after a reload the same file chosen again goes on where it stopped (tus keeps the
 * upload's address in local storage under the file and target's fingerprint).
 */
export function useCutUpload(target: UploadTarget, onDone?: () => void) {
  const [state, setState] = useState<UploadState>({ status: "idle", sent: 0, total: 0 });
  const current = useRef<Upload | null>(null);
  useEffect(() => () => void current.current?.abort(), []);
  const targetKey = "cutId" in target ? `cut-${target.cutId}` : `project-${target.projectId}`;

  const start = async (file: File) => {
    const upload = new Upload(file, {
      endpoint: CUT_UPLOAD_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { ...target, filename: file.name, filetype: file.type },
      // The target is part of the fingerprint: the same file sent to another cut is another upload.
      fingerprint: (f: File) =>
        Promise.resolve(
          ["portal-cut", targetKey, "title" in target ? target.title : "", f.name, f.size, f.lastModified].join(":"),
        ),
      removeFingerprintOnSuccess: true,
      onShouldRetry: (err) => retryable(err),
      onProgress: (sent, total) => setState((s) => ({ ...s, status: "uploading", sent, total })),
      onSuccess: () => {
        setState((s) => ({ ...s, status: "done", sent: s.total }));
        onDone?.();
      },
      onError: (err) => setState((s) => ({ ...s, status: "failed", error: uploadErrorText(err) })),
    });
    current.current = upload;
    setState({ status: "uploading", fileName: file.name, sent: 0, total: file.size });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };
  const pause = () => {
    void current.current?.abort();
    setState((s) => ({ ...s, status: "paused" }));
  };
  const resume = () => {
    if (!current.current) return;
    setState((s) => ({ ...s, status: "uploading", error: undefined }));
    current.current.start();
  };
  return { state, start, pause, resume };
}

/** Uploads this browser started and did not finish (to show "choose the same file again to go on"). */
export function useUnfinishedUploads(target: UploadTarget, state: UploadState["status"]) {
  const [found, setFound] = useState<PreviousUpload[]>([]);
  const targetKey = "cutId" in target ? `cut-${target.cutId}` : `project-${target.projectId}`;
  useEffect(() => {
    let live = true;
    void defaultOptions.urlStorage.findAllUploads().then((all) => {
      if (live) setFound(all.filter((u) => u.urlStorageKey.includes(`portal-cut:${targetKey}:`)));
    });
    return () => {
      live = false;
    };
  }, [targetKey, state]);
  return found;
}
