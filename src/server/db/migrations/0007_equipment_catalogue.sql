DROP INDEX "equipment_items_category_idx";--> statement-breakpoint
CREATE INDEX "equipment_items_category_order_idx" ON "equipment_items" USING btree ("category_id",lower("name"),"asset_tag");--> statement-breakpoint
CREATE INDEX "equipment_reservation_items_active_range_idx" ON "equipment_reservation_items" USING gist (tstzrange("starts_at", "ends_at", '[)')) WHERE "equipment_reservation_items"."active";--> statement-breakpoint
CREATE INDEX "equipment_reservation_items_out_idx" ON "equipment_reservation_items" USING btree ("item_id","ends_at") WHERE "equipment_reservation_items"."checked_out_at" is not null and "equipment_reservation_items"."returned_at" is null;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" DROP COLUMN "return_photo_url";