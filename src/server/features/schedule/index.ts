/** The schedule service, one file per topic; routes, the seed and other domains import it from here. */
export { browseSchedule, getSchedule, saveCast, saveCastOrder, saveBoard } from "./board.ts";
export { createShootDay, updateShootDay, deleteShootDay, shootDaysOf, feedShootDays } from "./shoot-days.ts";
export { crewOf, contactsOf } from "./call-sheets.ts";
export { castOf } from "./board.ts";
export { getCallSheet, callSheetPdf, confirmationPath, sendCallSheet, confirmAsUser } from "./call-sheets.ts";
export { openConfirmation, confirmByToken } from "./confirmation.ts";
export { breakdownSheetsPdf, oneLinerPdf } from "./printables.ts";
export { createBanner, updateBanner, deleteBanner, saveEstimate } from "./banners.ts";
