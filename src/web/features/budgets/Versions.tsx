import { useMemo, useState } from "react";
import { compareVersions, isSameVersion, type AmountDelta } from "../../../common/budget-diff.ts";
import { formatQuantity, type BudgetDto, type SnapshotLine } from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { Select } from "../../components/ui/Select.tsx";
import { errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useBudgetVersion } from "./api.ts";
import { cell, DataTable, num } from "./Table.tsx";

const CURRENT = "current";

/** "+12.50" or "−3.00": a delta with its sign, in the currency's digits. */
const signed = (minor: number, currency: string, format: NumberFormat) =>
  minor === 0 ? "0" : `${minor > 0 ? "+" : "−"}${formatMinor(Math.abs(minor), currency, format)}`;

/**
 * Two versions of the budget side by side (a submitted version, or the budget as saved now): the lines added,
 * removed and changed, and what each account and the total moved by. Both are read only when compared.
 */
export function Versions({ budget: b }: { budget: BudgetDto }) {
  const options = useMemo(
    () => [
      { value: CURRENT, label: `Saved now (version ${b.version})` },
      ...b.proposals.map((p) => ({ value: p.id, label: `Submitted version ${p.number}` })),
    ],
    [b.proposals, b.version],
  );
  // The newest submitted version unless another is picked: the list grows while the tab is open.
  const [picked, setA] = useState<string | null>(null);
  const a = picked ?? b.proposals[0]?.id ?? CURRENT;
  const [bKey, setB] = useState(CURRENT);
  if (b.proposals.length === 0 || b.version === 0) return null;
  return (
    <section aria-labelledby="versions-heading" className="flex flex-col gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Compare versions
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Compare" options={options} value={a} onChange={(e) => setA(e.target.value)} />
        <Select label="with" options={options} value={bKey} onChange={(e) => setB(e.target.value)} />
      </div>
      <Comparison projectId={b.projectId} a={a} b={bKey} format={b.numberFormat} />
    </section>
  );
}

function Comparison({ projectId, a, b, format }: { projectId: string; a: string; b: string; format: NumberFormat }) {
  const va = useBudgetVersion(projectId, a);
  const vb = useBudgetVersion(projectId, b);
  const diff = useMemo(() => (va.data && vb.data ? compareVersions(va.data, vb.data) : null), [va.data, vb.data]);
  if (va.isError || vb.isError)
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The versions could not be loaded: {errorText(va.error ?? vb.error)}
      </p>
    );
  if (!diff || !va.data || !vb.data)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the versions…</p>;
  const currency = vb.data.currency;
  const money = (m: number) => formatMinor(m, currency, format);
  const deltaRow = (key: string, label: string, d: AmountDelta, strong = false) => (
    <tr key={key} className={cn(strong && "font-semibold")}>
      <th scope="row" className={cn(cell, "font-normal", strong && "font-semibold")}>
        {label}
      </th>
      <td className={num}>{money(d.before)}</td>
      <td className={num}>{money(d.after)}</td>
      <td
        className={cn(
          num,
          d.delta > 0 && "text-red-800 dark:text-red-300",
          d.delta < 0 && "text-green-800 dark:text-green-300",
        )}
      >
        {signed(d.delta, currency, format)}
      </td>
    </tr>
  );
  const lineText = (l: SnapshotLine) =>
    `${l.accountCode} · ${formatQuantity(l.quantity, format)} ${l.units} × ${money(l.rate)} = ${money(l.amount)}`;
  const lineRows = [
    ...diff.changed.map((c) => ({ id: c.after.id, what: "Changed", before: c.before, after: c.after })),
    ...diff.added.map((l) => ({ id: l.id, what: "Added", before: null, after: l })),
    ...diff.removed.map((l) => ({ id: l.id, what: "Removed", before: l, after: null })),
  ];
  const side = (l: SnapshotLine | null) =>
    l ? (
      <>
        <span className="block">{l.description || "(no description)"}</span>
        <span className="block text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{lineText(l)}</span>
      </>
    ) : (
      <span className="text-zinc-500">—</span>
    );
  if (isSameVersion(diff))
    return (
      <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status">
        {va.data.label} and {vb.data.label.toLowerCase()} are the same: no line and no amount differs.
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm" role="status">
        {lineRows.length} line{lineRows.length === 1 ? "" : "s"} differ: {diff.added.length} added,{" "}
        {diff.removed.length} removed, {diff.changed.length} changed. Total {signed(diff.total.delta, currency, format)}{" "}
        {currency}.
      </p>
      <DataTable
        caption="What moved"
        columns={[
          { label: "Account" },
          { label: va.data.label, numeric: true },
          { label: vb.data.label, numeric: true },
          { label: "Difference", numeric: true },
        ]}
      >
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {diff.accounts.map((x) => deltaRow(x.code, `${x.code} ${x.name}`, x))}
          {diff.contingency.delta !== 0 && deltaRow("contingency", "Contingency", diff.contingency)}
          {deltaRow("total", "Total", diff.total, true)}
        </tbody>
      </DataTable>
      {lineRows.length > 0 && (
        <DataTable
          caption="Lines that differ"
          className="min-w-[40rem]"
          columns={[{ label: "" }, { label: va.data.label }, { label: vb.data.label }]}
        >
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {lineRows.map((r) => (
              <tr key={r.id}>
                <th scope="row" className={cn(cell, "font-medium")}>
                  {r.what}
                </th>
                <td className={cn(cell, r.what !== "Added" && "bg-red-50/60 dark:bg-red-950/20")}>{side(r.before)}</td>
                <td className={cn(cell, r.what !== "Removed" && "bg-green-50/60 dark:bg-green-950/20")}>
                  {side(r.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
