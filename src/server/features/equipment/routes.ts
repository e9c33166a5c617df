import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  availabilityQuery,
  modelDayRateInput,
  modelListQuery,
  calendarQuery,
  timelineQuery,
  categoryInput,
  certificationGrantInput,
  certificationInput,
  checkinInput,
  checkoutInput,
  csvImportInput,
  itemCreateInput,
  itemListQuery,
  itemStatusInput,
  itemUpdateInput,
  kitInput,
  maintenanceInput,
  rejectInput,
  reservationCreateInput,
  reservationListQuery,
} from "../../../common/equipment.ts";
import { callerOf, requireUser, type WithVars } from "../../auth/guards.ts";
import { isOffice } from "../../auth/caller.ts";
import type { AppEnv } from "../../env.ts";
import { CSV_CONTENT_TYPE, decodeCsv } from "../../lib/csv.ts";
import { uploadLimit } from "../../lib/upload.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { body, idParam, pathParam, query } from "../../lib/validate.ts";
import { exportItemsCsv, importItemsCsv } from "./csv.ts";
import { labelSheet } from "./labels.ts";
import { addReturnPhoto, readPhoto, removeItemPhoto, setItemPhoto } from "./photos.ts";
import * as service from "./index.ts";
import { accessRoutes } from "./access-routes.ts";

type C = WithVars;

const kitRange = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
const labelQuery = z.object({ ids: z.string().max(40_000).optional(), categoryId: z.string().uuid().optional() });

function office(c: C) {
  if (!isOffice(c.get("user").role)) throw new AppError("forbidden", "Only the equipment office can do this.");
}

/**
 * The CSV to import: the file's own bytes (`text/csv`), in whatever encoding a spreadsheet saved them, or
 * the text in JSON (`{ csv }`) as pasted into the dialog. Either is held to the same size.
 */
async function importedText(c: Context<AppEnv>) {
  if (!c.req.header("content-type")?.toLowerCase().startsWith("text/csv")) return (await body(c, csvImportInput)).csv;
  return csvImportInput.parse({ csv: decodeCsv(new Uint8Array(await c.req.arrayBuffer())) }).csv;
}

/** Everyone signed in browses and reserves; the service decides who may change the inventory and run the desk. */
export const equipmentRoutes = new Hono<AppEnv>()
  .get("/categories", async (c) => c.body(await service.browseCategories(c.get("services")), 200, JSON_TEXT))
  .post("/categories", async (c) =>
    c.json(
      await service.createCategory(c.get("services"), { caller: callerOf(c), input: await body(c, categoryInput) }),
      201,
    ),
  )
  .delete("/categories/:id", async (c) => {
    await service.deleteCategory(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "category") });
    return c.body(null, 204);
  })
  .get("/certifications", async (c) => c.json(await service.listCertifications(c.get("services"))))
  .post("/certifications", async (c) =>
    c.json(
      await service.createCertification(c.get("services"), {
        caller: callerOf(c),
        input: await body(c, certificationInput),
      }),
      201,
    ),
  )
  .post("/certifications/:id/holders", async (c) =>
    c.json(
      await service.grantCertification(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "certification"),
        userId: (await body(c, certificationGrantInput)).userId,
      }),
    ),
  )
  .delete("/certifications/:id/holders/:userId", async (c) =>
    c.json(
      await service.revokeCertification(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "certification"),
        userId: pathParam(c, "userId"),
      }),
    ),
  )
  .get("/items", async (c) => {
    office(c);
    return c.json(await service.listItems(c.get("services"), { query: query(c, itemListQuery) }));
  })
  .post("/items", async (c) =>
    c.json(
      await service.createItem(c.get("services"), { caller: callerOf(c), input: await body(c, itemCreateInput) }),
      201,
    ),
  )
  .get("/items/export.csv", async (c) => {
    office(c);
    c.header("Content-Type", CSV_CONTENT_TYPE);
    c.header("Content-Disposition", `attachment; filename="inventory-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(await exportItemsCsv(c.get("services")));
  })
  .post("/items/import", async (c) =>
    c.json(await importItemsCsv(c.get("services"), { caller: callerOf(c), csv: await importedText(c) })),
  )
  .get("/items/labels.pdf", async (c) => {
    office(c);
    const q = query(c, labelQuery);
    const pdf = await labelSheet(c.get("services"), {
      ids: q.ids ? q.ids.split(",").filter(Boolean) : undefined,
      categoryId: q.categoryId,
    });
    c.header("Content-Type", "application/pdf");
    c.header("Content-Disposition", 'inline; filename="equipment-labels.pdf"');
    return c.body(pdf as Uint8Array<ArrayBuffer>);
  })
  .get("/items/:id", async (c) => c.json(await service.getItem(c.get("services"), { id: idParam(c, "id", "item") })))
  .patch("/items/:id", async (c) =>
    c.json(
      await service.updateItem(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "item"),
        input: await body(c, itemUpdateInput),
      }),
    ),
  )
  .post("/items/:id/status", async (c) =>
    c.json(
      await service.setItemStatus(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "item"),
        input: await body(c, itemStatusInput),
      }),
    ),
  )
  .post("/items/:id/maintenance", async (c) =>
    c.json(
      await service.addMaintenance(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "item"),
        input: await body(c, maintenanceInput),
      }),
      201,
    ),
  )
  .get("/items/:id/calendar", async (c) =>
    c.json(
      await service.calendar(c.get("services"), { itemId: idParam(c, "id", "item"), query: query(c, calendarQuery) }),
    ),
  )
  .get("/calendar", async (c) => c.json(await service.calendar(c.get("services"), { query: query(c, calendarQuery) })))
  .get("/kits", async (c) =>
    c.body(await service.browseKits(c.get("services"), { ...query(c, kitRange), caller: callerOf(c) }), 200, JSON_TEXT),
  )
  .post("/kits", async (c) =>
    c.json(await service.createKit(c.get("services"), { caller: callerOf(c), input: await body(c, kitInput) }), 201),
  )
  .put("/kits/:id", async (c) =>
    c.json(
      await service.updateKit(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "kit"),
        input: await body(c, kitInput),
      }),
    ),
  )
  .route("/access-levels", accessRoutes)
  .delete("/kits/:id", async (c) => {
    await service.deleteKit(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "kit") });
    return c.body(null, 204);
  })
  .get("/availability", async (c) =>
    c.body(
      await service.browseAvailability(c.get("services"), { caller: callerOf(c), query: query(c, availabilityQuery) }),
      200,
      JSON_TEXT,
    ),
  )
  .get("/models", async (c) => c.json(await service.listModels(c.get("services"), { query: query(c, modelListQuery) })))
  .put("/models/day-rate", async (c) =>
    c.json(
      await service.setModelRate(c.get("services"), { caller: callerOf(c), input: await body(c, modelDayRateInput) }),
    ),
  )
  .get("/models/timeline", async (c) =>
    c.json(await service.modelTimeline(c.get("services"), { caller: callerOf(c), query: query(c, timelineQuery) })),
  )
  .get("/me", async (c) =>
    c.body(await service.browseMyStatus(c.get("services"), { caller: callerOf(c) }), 200, JSON_TEXT),
  )
  .get("/summary", async (c) => {
    office(c);
    return c.json(await service.equipmentSummary(c.get("services")));
  })
  .get("/reservations", async (c) =>
    c.body(
      await service.browseReservations(c.get("services"), {
        caller: callerOf(c),
        query: query(c, reservationListQuery),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .post("/reservations", async (c) =>
    c.json(
      await service.createReservation(c.get("services"), {
        caller: callerOf(c),
        input: await body(c, reservationCreateInput),
      }),
      201,
    ),
  )
  .get("/reservations/:id", async (c) =>
    c.json(
      await service.getReservation(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "reservation") }),
    ),
  )
  .post("/reservations/:id/approve", async (c) =>
    c.json(
      await service.approveReservation(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "reservation") }),
    ),
  )
  .post("/reservations/:id/reject", async (c) =>
    c.json(
      await service.rejectReservation(c.get("services"), {
        caller: callerOf(c),
        id: idParam(c, "id", "reservation"),
        input: await body(c, rejectInput),
      }),
    ),
  )
  .post("/reservations/:id/cancel", async (c) =>
    c.json(
      await service.cancelReservation(c.get("services"), { caller: callerOf(c), id: idParam(c, "id", "reservation") }),
    ),
  )
  .post("/desk/checkout", async (c) =>
    c.json(await service.handOver(c.get("services"), { caller: callerOf(c), input: await body(c, checkoutInput) })),
  )
  .get("/reservations/:id/receipts/:kind", async (c) => {
    const receipt = await service.readReceipt(c.get("services"), {
      caller: callerOf(c),
      reservationId: idParam(c, "id", "reservation"),
      kind: pathParam(c, "kind"),
    });
    return c.body(new Uint8Array(receipt.bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${receipt.fileName}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
  })
  .post("/desk/checkin", async (c) =>
    c.json(await service.checkIn(c.get("services"), { caller: callerOf(c), input: await body(c, checkinInput) })),
  )
  .get("/strikes", async (c) => c.json(await service.listStrikes(c.get("services"), { caller: callerOf(c) })))
  .post("/strikes/clear", async (c) =>
    c.json(
      await service.clearStrikes(c.get("services"), {
        caller: callerOf(c),
        userId: (await body(c, certificationGrantInput)).userId,
      }),
    ),
  );

const photoName = z.object({
  name: z
    .string("Give the file's name")
    .trim()
    .min(1, "Give the file's name")
    .max(255, "A file name may be at most 255 characters long."),
});

/**
 * /storage/v1/object/equipment/…: the bucket of item photos (items/<itemId>) and condition photos taken at
 * check-in (returns/<assetTag> to add, returns/<reservationItemId>/<file> to read); photos.ts decides who may.
 */
export const equipmentStorageRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/items/:itemId", uploadLimit, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await setItemPhoto(c.get("services"), {
        caller: callerOf(c),
        itemId: idParam(c, "itemId", "item"),
        fileName: query(c, photoName).name,
        bytes,
      }),
      201,
    );
  })
  .delete("/items/:itemId", async (c) =>
    c.json(await removeItemPhoto(c.get("services"), { caller: callerOf(c), itemId: idParam(c, "itemId", "item") })),
  )
  .post("/returns/:assetTag", uploadLimit, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await addReturnPhoto(c.get("services"), {
        caller: callerOf(c),
        assetTag: pathParam(c, "assetTag"),
        fileName: query(c, photoName).name,
        bytes,
      }),
      201,
    );
  })
  .get("/:kind/:ownerId/:file", async (c) => {
    const photo = await readPhoto(c.get("services"), {
      caller: callerOf(c),
      kind: pathParam(c, "kind"),
      ownerId: pathParam(c, "ownerId"),
      file: pathParam(c, "file"),
    });
    return c.body(new Uint8Array(photo.bytes), 200, {
      "content-type": photo.type,
      // Each photo has an address of its own (a new upload is a new name), so a private copy may be kept.
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    });
  });
