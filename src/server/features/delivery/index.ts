/** Wrap and delivery, one file per topic; the routes and the seed import it from here. */
export type { S } from "./checklist.ts";
export { deliveryItemsOf, getCourseDelivery, saveCourseDelivery, resetCourseDelivery } from "./checklist.ts";
export { deliveryState, getDelivery, tickDeliveryItem, signOffDelivery, maySignOff } from "./state.ts";
export { projectArchive, INDEX_NAME } from "./archive.ts";
