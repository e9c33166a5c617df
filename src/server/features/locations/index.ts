/** The location library and hospitals; routes, the seed and the schedule import it from here. */
export type { S } from "./library.ts";
export {
  getLibrary,
  getLocation,
  createLocation,
  updateLocation,
  deleteLocation,
  createHospital,
  updateHospital,
  deleteHospital,
  dayFieldsFrom,
  siteOf,
} from "./library.ts";
export { addPhoto, removePhoto, readPhoto } from "./photos.ts";
