import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "../../../../common/documents.ts";

export const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));
