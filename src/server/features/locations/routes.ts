import { Hono } from "hono";
import { z } from "zod";
import { hospitalInput, locationInput, locationListQuery, locationUpdateInput } from "../../../common/locations.ts";
import { callerOf, requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { uploadLimit } from "../../lib/upload.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as service from "./index.ts";

/** /rest/v1/locations: the library, read by everyone signed in; the service says who may change what. */
export const locationRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(await service.getLibrary(c.get("services"), { caller: callerOf(c), ...query(c, locationListQuery) })),
  )
  .post("/", async (c) =>
    c.json(
      await service.createLocation(c.get("services"), { caller: callerOf(c), input: await body(c, locationInput) }),
      201,
    ),
  )
  .get("/:id", async (c) =>
    c.json(await service.getLocation(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "location") })),
  )
  .patch("/:id", async (c) =>
    c.json(
      await service.updateLocation(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "location"),
        input: await body(c, locationUpdateInput),
      }),
    ),
  )
  .delete("/:id", async (c) =>
    c.json(await service.deleteLocation(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "location") })),
  )
  .delete("/:id/photos/:photoId", async (c) =>
    c.json(
      await service.removePhoto(c.get("services"), {
        caller: callerOf(c),
        locationId: idParam(c, "id", "location"),
        photoId: idParam(c, "photoId", "photo"),
      }),
    ),
  );

/** /rest/v1/hospitals: the school's list, kept by staff and admins. */
export const hospitalRoutes = new Hono<AppEnv>()
  .post("/", async (c) =>
    c.json(
      await service.createHospital(c.get("services"), { caller: callerOf(c), input: await body(c, hospitalInput) }),
      201,
    ),
  )
  .put("/:id", async (c) =>
    c.json(
      await service.updateHospital(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "hospital"),
        input: await body(c, hospitalInput),
      }),
    ),
  )
  .delete("/:id", async (c) =>
    c.json(await service.deleteHospital(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "hospital") })),
  );

const photoName = z.object({
  name: z
    .string("Give the file's name")
    .trim()
    .min(1, "Give the file's name")
    .max(255, "A file name may be at most 255 characters long."),
});

/** /storage/v1/object/locations/<locationId>[/<photoId>]: a location's photos. */
export const locationStorageRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:locationId", uploadLimit, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await service.addPhoto(c.get("services"), {
        caller: callerOf(c),
        locationId: idParam(c, "locationId", "location"),
        fileName: query(c, photoName).name,
        bytes,
      }),
      201,
    );
  })
  .get("/:locationId/:photoId", async (c) => {
    const photo = await service.readPhoto(c.get("services"), {
      locationId: idParam(c, "locationId", "location"),
      photoId: idParam(c, "photoId", "photo"),
    });
    return c.body(new Uint8Array(photo.bytes), 200, {
      "content-type": photo.type,
      // A photo's address names it for good (a new photo is a new id), so a private copy may be kept.
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    });
  });
