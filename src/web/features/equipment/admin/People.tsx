import { useState } from "react";
import { type CertificationDto, type StrikeDto } from "../../../../common/equipment.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { api } from "../../../lib/api.ts";
import { EQUIPMENT_API, post, useCertifications, useEquipmentChange, usePeople, useStrikes } from "../api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";

export function People() {
  const certs = useCertifications();
  const strikes = useStrikes();
  const people = usePeople();
  const [certName, setCertName] = useState("");
  const [grant, setGrant] = useState<Record<string, string>>({});
  useLeaveGuard(certName.trim() !== "", "the certification you were adding");
  const create = useEquipmentChange(() => post<CertificationDto>("/certifications", { name: certName }), {
    success: (c) => ["Certification added", c.name],
    failure: "Certification not added",
    onSuccess: () => setCertName(""),
  });
  const give = useEquipmentChange(
    (v: { id: string; userId: string }) => post(`/certifications/${v.id}/holders`, { userId: v.userId }),
    {
      success: () => ["Certification granted"],
      failure: "Certification not granted",
    },
  );
  const revoke = useEquipmentChange(
    (v: { id: string; userId: string }) =>
      api(`${EQUIPMENT_API}/certifications/${v.id}/holders/${v.userId}`, { method: "DELETE" }),
    {
      success: () => ["Certification withdrawn"],
      failure: "Certification not withdrawn",
    },
  );
  const clear = useEquipmentChange((userId: string) => post("/strikes/clear", { userId }), {
    success: () => ["Strikes cleared", "The person can book again."],
    failure: "Strikes not cleared",
  });
  const byPerson = new Map<string, StrikeDto[]>();
  for (const s of strikes.data ?? []) byPerson.set(s.userId, [...(byPerson.get(s.userId) ?? []), s]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="certs-heading" className="flex flex-col gap-3">
        <h2 id="certs-heading" className="text-lg font-semibold">
          Certifications
        </h2>
        <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), create.mutate(undefined))}>
          <Field
            label="New certification"
            className="flex-1"
            value={certName}
            onChange={(e) => setCertName(e.target.value)}
          />
          <Button type="submit" busy={create.isPending}>
            Add
          </Button>
        </form>
        {(certs.data ?? []).map((c) => (
          <Card key={c.id}>
            <h3 className="font-medium">{c.name}</h3>
            <ul className="my-2 text-sm">
              {c.holders.map((h) => (
                <li key={h.userId} className="flex items-center justify-between">
                  {h.name}
                  <Button
                    variant="ghost"
                    onClick={() => revoke.mutate({ id: c.id, userId: h.userId })}
                    aria-label={`Withdraw ${c.name} from ${h.name}`}
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
              {c.holders.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">Nobody yet.</li>}
            </ul>
            <div className="flex items-end gap-2">
              <Select
                label={`Grant ${c.name} to`}
                className="flex-1"
                value={grant[c.id] ?? ""}
                onChange={(e) => setGrant((g) => ({ ...g, [c.id]: e.target.value }))}
                options={[
                  { value: "", label: "Choose a person" },
                  ...(people.data?.items ?? [])
                    .filter((p) => !c.holders.some((h) => h.userId === p.id))
                    .map((p) => ({ value: p.id, label: p.fullName })),
                ]}
              />
              <Button
                variant="secondary"
                disabled={!grant[c.id]}
                onClick={() => give.mutate({ id: c.id, userId: grant[c.id]! })}
              >
                Grant
              </Button>
            </div>
          </Card>
        ))}
      </section>
      <section aria-labelledby="strikes-heading" className="flex flex-col gap-3">
        <h2 id="strikes-heading" className="text-lg font-semibold">
          Strikes for late returns
        </h2>
        {byPerson.size === 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody has a strike on record.</p>
        )}
        {[...byPerson.entries()].map(([userId, list]) => (
          <Card key={userId}>
            <div className="flex items-center justify-between">
              <h3 className="font-medium">
                {list[0]!.userName} · {list.length} strike{list.length === 1 ? "" : "s"}
              </h3>
              <Button variant="secondary" onClick={() => clear.mutate(userId)}>
                Clear strikes
              </Button>
            </div>
            <ul className="mt-1 text-sm">
              {list.map((s) => (
                <li key={s.id}>{s.reason}</li>
              ))}
            </ul>
          </Card>
        ))}
      </section>
    </div>
  );
}
