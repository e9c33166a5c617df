/** The documents service, one file per topic; routes, the seed, the jobs and other domains import it from here. */
export type { S } from "./shared.ts";
export { projectAccess } from "./shared.ts";
export {
  effectiveStatus,
  versionUrl,
  toSubmissionDto,
  listDocuments,
  getDocument,
  readVersion,
  readChecked,
} from "./reading.ts";
export { publishDocumentsChanged, changeDocuments, syncGreenlight, addVersion } from "./changing.ts";
export { uploadDocument, createFromTemplate, updateDocument, setDeleted } from "./editing.ts";
export { signingPath } from "./signature-links.ts";
export { createSubmission, remind, voidSubmission, inPersonLink } from "./signature-requests.ts";
export { openSigning, readSigningDocument, sign, decline } from "./signing.ts";
export type { Client } from "./signing.ts";
export { scanSignatures } from "./signature-reminders.ts";
export { pendingSignatures } from "./signature-dashboard.ts";
export type { PendingSignature } from "./signature-dashboard.ts";
export { releasesState } from "./releases.ts";
export {
  listReleaseLinks,
  createReleaseLink,
  revokeReleaseLink,
  introReleaseLink,
  startReleaseCopy,
  releaseLinkPath,
} from "./release-links.ts";
export { getSealingCertificate, uploadSealingCertificate, sealerFor } from "./sealing-certificate.ts";
export { sendBulkReleases } from "./bulk-releases.ts";
