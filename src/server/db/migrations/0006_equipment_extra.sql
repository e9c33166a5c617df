-- No double booking: two active reservation items of one item may not overlap in time.
-- btree_gist lets the uuid equality and the range overlap share one GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "equipment_reservation_items"
  ADD CONSTRAINT "equipment_reservation_items_no_overlap"
  EXCLUDE USING gist ("item_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("active");
