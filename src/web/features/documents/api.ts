import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { DocumentCategory, DocumentDto, DocumentPage } from "../../../common/documents.ts";
import { api, ApiError } from "../../lib/api.ts";
import { failed } from "../../lib/change.ts";

export const documentsPath = (projectId: string) => `/rest/v1/projects/${encodeURIComponent(projectId)}/documents`;
export const uploadPath = (projectId: string, documentId?: string) => `/storage/v1/object/documents/${encodeURIComponent(projectId)}${documentId ? `/${encodeURIComponent(documentId)}` : ""}`;

export function useDocuments(projectId: string, filter: { category: DocumentCategory | ""; deleted: boolean; offset: number }) {
  const params = new URLSearchParams({ limit: "20", offset: String(filter.offset), deleted: String(filter.deleted) });
  if (filter.category) params.set("category", filter.category);
  return useQuery({
    queryKey: ["documents", projectId, filter],
    queryFn: ({ signal }) => api<DocumentPage>(`${documentsPath(projectId)}?${params}`, { signal }),
    // The tab and the preview say themselves what went wrong, instead of the route's error screen.
    throwOnError: false,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

export function useDocument(projectId: string, documentId: string) {
  return useQuery({
    queryKey: ["documents", projectId, "one", documentId],
    queryFn: ({ signal }) => api<DocumentDto>(`${documentsPath(projectId)}/${encodeURIComponent(documentId)}`, { signal }),
    enabled: !!projectId && !!documentId,
    // The tab and the preview say themselves what went wrong, instead of the route's error screen.
    throwOnError: false,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

/** A change to a project's documents: its lists and the project (whose greenlight may tick) refetch. */
export function useDocumentChange<V, R = unknown>(projectId: string, fn: (v: V) => Promise<R>, opts: { success: (v: V, r: R) => [string, string?]; failure: string; onSuccess?: (r: R, v: V) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, v) => {
      void queryClient.invalidateQueries({ queryKey: ["documents", projectId] });
      void queryClient.invalidateQueries({ queryKey: ["project", projectId] });
      const [title, description] = opts.success(v, r);
      toast.success(title, description ? { description } : undefined);
      opts.onSuccess?.(r, v);
    },
    onError: failed(opts.failure),
  });
}

export const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
