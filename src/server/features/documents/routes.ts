import { Hono, type Context } from "hono";
import {
  SIGNING_TOKEN_HEADER,
  declineInput,
  documentListQuery,
  documentUpdateInput,
  sealingCertificateInput,
  signInput,
  submissionCreateInput,
  templateInput,
  uploadQuery,
  voidInput,
} from "../../../common/documents.ts";
import { releaseCopyInput, releaseLinkCreateInput } from "../../../common/release-links.ts";
import { bulkReleaseInput } from "../../../common/bulk-releases.ts";
import { AppError } from "../../lib/errors.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { callerOf, requireCan, requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { clientIp } from "../../auth/routes.ts";
import { fileHeaders, INLINE_TYPES, readUpload, uploadLimit } from "../../lib/upload.ts";
import { body, idParam, pathParam, query } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const client = (c: C) => ({ ip: clientIp(c), userAgent: (c.req.header("user-agent") ?? "unknown").slice(0, 500) });
const link = (c: C) => ({
  submissionId: pathParam(c, "submissionId"),
  signerId: pathParam(c, "signerId"),
  token: c.req.header(SIGNING_TOKEN_HEADER),
});

/** /rest/v1/projects/{projectId}/documents: the crew, staff and admins (the service checks). */
export const documentRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await service.listDocuments(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        query: query(c, documentListQuery),
      }),
    ),
  )
  .post("/templates", async (c) =>
    c.json(
      await service.createFromTemplate(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, templateInput),
      }),
      201,
    ),
  )
  .post("/bulk-releases", async (c) =>
    c.json(
      await service.sendBulkReleases(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, bulkReleaseInput),
      }),
    ),
  )
  .get("/release-links", async (c) =>
    c.json(
      await service.listReleaseLinks(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
      }),
    ),
  )
  .post("/release-links", async (c) =>
    c.json(
      await service.createReleaseLink(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, releaseLinkCreateInput),
      }),
      201,
    ),
  )
  .post("/release-links/:linkId/revoke", async (c) =>
    c.json(
      await service.revokeReleaseLink(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        linkId: idParam(c, "linkId", "release link"),
      }),
    ),
  )
  .get("/:documentId", async (c) =>
    c.json(
      await service.getDocument(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        documentId: idParam(c, "documentId", "document"),
      }),
    ),
  )
  .patch("/:documentId", async (c) =>
    c.json(
      await service.updateDocument(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        documentId: idParam(c, "documentId", "document"),
        input: await body(c, documentUpdateInput),
      }),
    ),
  )
  .delete("/:documentId", async (c) =>
    c.json(
      (
        await service.setDeleted(c.get("services"), {
          caller: callerOf(c),
          projectId: idParam(c, "projectId", "project"),
          documentId: idParam(c, "documentId", "document"),
          deleted: true,
        })
      ).document,
    ),
  )
  .post("/:documentId/restore", async (c) =>
    c.json(
      (
        await service.setDeleted(c.get("services"), {
          caller: callerOf(c),
          projectId: idParam(c, "projectId", "project"),
          documentId: idParam(c, "documentId", "document"),
          deleted: false,
        })
      ).document,
    ),
  )
  .post("/:documentId/signature-requests", async (c) =>
    c.json(
      await service.createSubmission(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        documentId: idParam(c, "documentId", "document"),
        input: await body(c, submissionCreateInput),
      }),
      201,
    ),
  );

/** /rest/v1/signature-requests/{submissionId}: what the sender does with a request. */
export const submissionRoutes = new Hono<AppEnv>()
  .post("/:submissionId/remind", async (c) =>
    c.json(
      await service.remind(c.get("services"), {
        caller: callerOf(c),
        submissionId: idParam(c, "submissionId", "signature request"),
      }),
    ),
  )
  .post("/:submissionId/signers/:signerId/remind", async (c) =>
    c.json(
      await service.remind(c.get("services"), {
        caller: callerOf(c),
        submissionId: idParam(c, "submissionId", "signature request"),
        signerId: idParam(c, "signerId", "signer"),
      }),
    ),
  )
  .post("/:submissionId/signers/:signerId/link", async (c) =>
    c.json(
      await service.inPersonLink(c.get("services"), {
        caller: callerOf(c),
        submissionId: idParam(c, "submissionId", "signature request"),
        signerId: idParam(c, "signerId", "signer"),
      }),
    ),
  )
  .post("/:submissionId/void", async (c) =>
    c.json(
      await service.voidSubmission(c.get("services"), {
        caller: callerOf(c),
        submissionId: idParam(c, "submissionId", "signature request"),
        input: await body(c, voidInput),
      }),
    ),
  );

/** /rest/v1/signing/{submissionId}/{signerId}: no sign-in, the token in a header is the only key. */
export const publicSigningRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    // A signing page's answers are personal: never kept by a shared cache.
    c.header("cache-control", "no-store");
  })
  .get("/:submissionId/:signerId", async (c) =>
    c.json(await service.openSigning(c.get("services"), { ...link(c), client: client(c) })),
  )
  .post("/:submissionId/:signerId/sign", async (c) =>
    c.json(await service.sign(c.get("services"), { ...link(c), client: client(c), input: await body(c, signInput) })),
  )
  .post("/:submissionId/:signerId/decline", async (c) =>
    c.json(
      await service.decline(c.get("services"), {
        ...link(c),
        client: client(c),
        input: await body(c, declineInput),
      }),
    ),
  );

/** Copies one address may start a minute: a queue at a casting shares the wifi, a script makes hundreds. */
export const RELEASE_COPIES_PER_MINUTE = 20;

/** /rest/v1/release-link/{token}: "scan to sign your release", no account; the token in the path is the key. */
export function publicReleaseLinkRoutes() {
  const copies = createRateLimiter({ limit: RELEASE_COPIES_PER_MINUTE, windowMs: 60_000 });
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header("cache-control", "no-store");
    })
    .get("/:token", async (c) =>
      c.json(await service.introReleaseLink(c.get("services"), { token: pathParam(c, "token") })),
    )
    .post("/:token/copies", async (c) => {
      // Not worded as a sign-in limit: the web signs a person out on those (SPEC §4).
      if (!copies.take(clientIp(c)))
        throw new AppError(
          "too_many_requests",
          "That was a lot of copies in a short time. Wait a minute, then try again.",
        );
      return c.json(
        await service.startReleaseCopy(c.get("services"), {
          token: pathParam(c, "token"),
          input: await body(c, releaseCopyInput),
        }),
        201,
      );
    });
}

/**
 * /storage/v1/object/<bucket>/<path>: each bucket decides who may read and write, per request.
 * "documents": <projectId>[/<documentId>] to upload, <projectId>/<documentId>/<versionId> to download.
 * "signing": <submissionId>/<signerId> with the signing token, the document being signed.
 */
export const storageRoutes = new Hono<AppEnv>()
  .get("/signing/:submissionId/:signerId", async (c) => {
    const { bytes, fileName } = await service.readSigningDocument(c.get("services"), link(c));
    return c.body(new Uint8Array(bytes), 200, fileHeaders("application/pdf", fileName, true));
  })
  .use("/documents/*", requireUser)
  .post("/documents/:projectId", uploadLimit, async (c) => {
    const { q, fileName, bytes } = await readUpload(c, uploadQuery);
    return c.json(
      await service.uploadDocument(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        fileName,
        title: q.title,
        category: q.category,
        bytes,
      }),
      201,
    );
  })
  .post("/documents/:projectId/:documentId", uploadLimit, async (c) => {
    const { fileName, bytes } = await readUpload(c, uploadQuery);
    return c.json(
      await service.uploadDocument(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        documentId: idParam(c, "documentId", "document"),
        fileName,
        bytes,
      }),
      201,
    );
  })
  .get("/documents/:projectId/:documentId/:versionId", async (c) => {
    const { version, bytes } = await service.readVersion(c.get("services"), {
      caller: callerOf(c),
      projectId: idParam(c, "projectId", "project"),
      documentId: idParam(c, "documentId", "document"),
      versionId: idParam(c, "versionId", "version"),
    });
    const inline = c.req.query("download") === undefined && INLINE_TYPES.has(version.contentType);
    return c.body(new Uint8Array(bytes), 200, {
      ...fileHeaders(version.contentType, version.fileName, inline),
      etag: `"${version.sha256}"`,
    });
  });

/** /rest/v1/sealing-certificate: the certificate sealed PDFs are signed with; admins only. */
export const sealingCertificateRoutes = new Hono<AppEnv>()
  .use("*", requireCan("school.admin"))
  .get("/", async (c) => c.json(await service.getSealingCertificate(c.get("services"), callerOf(c))))
  .put("/", async (c) => {
    const input = await body(c, sealingCertificateInput);
    return c.json(
      await service.uploadSealingCertificate(c.get("services"), callerOf(c), {
        bytes: Buffer.from(input.p12, "base64"),
        password: input.password,
      }),
    );
  });
