import type { DocumentCategory, SignerRole, SubmissionStatus, TemplateKey } from "../../../common/documents.ts";
import type { Field } from "../../../common/signature-fields.ts";

/** A demo document as the seeds describe it: what it is, and how far its signature request has gone. */
export type SignerPlan = [
  name: string,
  email: string,
  role: SignerRole,
  state: "signed" | "opened" | "sent" | "waiting" | "declined" | "copy",
];

export interface Plan {
  title: string;
  category: DocumentCategory;
  template?: [TemplateKey, string, string];
  /** Whom a release is for (the cast member, the scheduled location), as the releases rule matches it. */
  releaseFor?: string;
  /** The self-service link a person signed this copy through. */
  releaseLinkId?: string;
  paragraphs?: string[];
  request?: {
    status: SubmissionStatus;
    order: "sequential" | "parallel";
    message: string;
    ageDays: number;
    signers: SignerPlan[];
    declineReason?: string;
    voidReason?: string;
    /** Fields placed on the pages; a signed signer's are filled as the signing page would. */
    fields?: Field[];
  };
}
