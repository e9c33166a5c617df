import { useState } from "react";
import { ItemDialog } from "./ItemDialog.tsx";
import { Link } from "react-router";
import { type ImportReportDto } from "../../../../common/equipment.ts";
import { ITEM_STATUSES, ITEM_STATUS_LABELS } from "../../../../common/equipment-states.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { StatusBadge } from "../shared.tsx";
import { EQUIPMENT_API, post, useEquipmentChange, useItems } from "../api.ts";
import { detectTextEncoding } from "../../../../common/text-encoding.ts";

export function Inventory() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const qs = new URLSearchParams({ limit: "25", offset: String(page * 25) });
  if (search.trim()) qs.set("search", search.trim());
  if (status) qs.set("status", status);
  const items = useItems(qs);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label="Search the inventory"
          type="search"
          className="min-w-56 flex-1"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(0))}
        />
        <Select
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.target.value), setPage(0))}
          options={[
            { value: "", label: "Any" },
            ...ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] })),
          ]}
        />
        <Button onClick={() => setAdding(true)}>New item</Button>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <a
          className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 px-3 text-sm dark:border-zinc-700"
          href={`${EQUIPMENT_API}/items/export.csv`}
        >
          Export CSV
        </a>
        <a
          className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 px-3 text-sm dark:border-zinc-700"
          href={`${EQUIPMENT_API}/items/labels.pdf?ids=${(items.data?.items ?? []).map((i) => i.id).join(",")}`}
          target="_blank"
          rel="noreferrer"
        >
          QR labels of this page
        </a>
      </div>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Inventory</caption>
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th className="px-3 py-2">Tag</th>
              <th className="px-3 py-2">Item</th>
              <th className="px-3 py-2">Category</th>
              <th className="px-3 py-2">Location</th>
              <th className="px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {(items.data?.items ?? []).map((i) => (
              <tr key={i.id} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="px-3 py-2 font-mono">{i.assetTag}</td>
                <td className="px-3 py-2">
                  <Link to={`/equipment/items/${i.id}`} className="underline-offset-4 hover:underline">
                    {i.name}
                  </Link>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                    {[i.brand, i.model, i.serialNumber && `S/N ${i.serialNumber}`].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className="px-3 py-2">{i.category.name}</td>
                <td className="px-3 py-2">{i.location}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={i.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageSize={25} total={items.data?.total ?? 0} onPage={setPage} label="Inventory pages" />
      <ItemDialog open={adding} onClose={() => setAdding(false)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [csv, setCsv] = useState("");
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const run = useEquipmentChange(() => post<ImportReportDto>("/items/import", { csv }), {
    success: (r) => [
      "Import done",
      `${r.created} added, ${r.updated} updated, ${r.rows.filter((x) => !x.ok).length} rows with problems.`,
    ],
    failure: "Import failed",
    onSuccess: setReport,
  });
  return (
    <Dialog
      open={open}
      title="Import items from CSV"
      description="The first line names the columns: asset_tag, name, category, and optionally brand, model, serial_number, value, condition, status, location, certification, notes, access_level, rental_day_rate. A known tag updates its item."
      onClose={() => (setCsv(""), setReport(null), onClose())}
      unsaved={csv.trim() !== "" && !report && "the CSV you were importing"}
      wide
    >
      <div className="flex flex-col gap-3">
        <Field
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            // A spreadsheet saves Windows-1252 or UTF-16 as readily as UTF-8; the browser's decoder reads them all.
            const bytes = new Uint8Array(await file.arrayBuffer());
            setCsv(new TextDecoder(detectTextEncoding(bytes)).decode(bytes));
          }}
        />
        <Textarea label="Or paste the CSV" rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} />
        <Button busy={run.isPending} disabled={!csv.trim()} onClick={() => run.mutate(undefined)}>
          Import
        </Button>
        {report && (
          <div role="status" className="max-h-64 overflow-y-auto text-sm">
            <p className="font-medium">
              {report.created} added, {report.updated} updated.
            </p>
            <ul>
              {report.rows
                .filter((r) => !r.ok)
                .map((r) => (
                  <li key={r.line} className="text-red-800 dark:text-red-300">
                    Line {r.line} ({r.assetTag || "no tag"}): {r.problems.join("; ")}.
                  </li>
                ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}
