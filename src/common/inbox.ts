/** The in-app notification centre's contract: GET /rest/v1/notifications and its read marks. */
import { z } from "zod";

export const notificationListQuery = z.object({
  unreadOnly: z.stringbool({ message: "unreadOnly is true or false" }).default(false),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(100, "limit is at most 100")
    .default(20),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export interface NotificationDto {
  id: string;
  /** A NotificationKind ("crew_added", "phase_changed", …). */
  kind: string;
  title: string;
  body: string;
  /** An in-app path such as /project/{id}. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  total: number;
  /** Unread notifications of the person, whatever the filter. */
  unread: number;
  items: NotificationDto[];
}
