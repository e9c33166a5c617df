/** The equipment service, one file per topic; routes and other domains import it from here. */
export { when } from "./shared.ts";
export {
  listCategories,
  browseCategories,
  createCategory,
  deleteCategory,
  listCertifications,
  createCertification,
  grantCertification,
  revokeCertification,
} from "./categories.ts";
export { listKits, browseKits, createKit, updateKit, deleteKit } from "./kits.ts";
export {
  toItem,
  dayRatesOf,
  listItems,
  getItem,
  createItem,
  updateItem,
  setItemStatus,
  addMaintenance,
} from "./inventory.ts";
export {
  availability,
  browseAvailability,
  myStatus,
  browseMyStatus,
  calendar,
  equipmentSummary,
  feedReservations,
} from "./catalogue.ts";
export { listReservations, browseReservations } from "./reservation-lists.ts";
export { listModels, setModelRate } from "./models.ts";
export {
  getReservation,
  createReservation,
  approveReservation,
  rejectReservation,
  cancelReservation,
} from "./reservations.ts";
export { checkOut, recordStrike, listStrikes, clearStrikes } from "./desk.ts";
export { checkIn } from "./returns.ts";
export { handOver, readReceipt } from "./handover.ts";
export { listFairShare, getFairShare, setFairShare } from "./fair-share.ts";
export {
  listWindows,
  getWindow,
  createWindow,
  requestInWindow,
  withdrawRequest,
  closeWindow,
} from "./request-windows.ts";
export { drawWindow } from "./window-draw.ts";
export { cancelWindow, updateWindow } from "./window-changes.ts";
export {
  listAccessLevels,
  createAccessLevel,
  updateAccessLevel,
  deleteAccessLevel,
  setItemAccessLevel,
  setKitAccessLevel,
} from "./access-levels.ts";
export { itemAccess } from "./access.ts";
export { modelTimeline } from "./timeline.ts";
