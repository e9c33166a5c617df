import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { formatNumber, parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";
import {
  SHOT_ANGLE_LABELS,
  SHOT_ANGLES,
  SHOT_MOVEMENT_LABELS,
  SHOT_MOVEMENTS,
  SHOT_SIZE_LABELS,
  SHOT_SIZES,
  shotCreateInput,
  type ShotAngle,
  type ShotDto,
  type ShotMovement,
  type ShotSceneDto,
  type ShotSize,
} from "../../../common/shots.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { NumberField } from "../../components/ui/NumberField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { useAddShot, useDeleteShot, useMoveShot, useUpdateShot } from "./api.ts";

const sizeOptions = SHOT_SIZES.map((v) => ({ value: v, label: SHOT_SIZE_LABELS[v] }));
const angleOptions = SHOT_ANGLES.map((v) => ({ value: v, label: SHOT_ANGLE_LABELS[v] }));
const movementOptions = SHOT_MOVEMENTS.map((v) => ({ value: v, label: SHOT_MOVEMENT_LABELS[v] }));

/** A whole number typed in the school's format; an empty field is "not given". */
function readCount(
  text: string,
  format?: NumberFormat,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, value: null };
  const n = parseNumberInput(text, { digits: 0, format });
  return n.ok ? n : { ok: false, message: n.message };
}
const shown = (n: number | null, format?: NumberFormat) => (n === null ? "" : formatNumber(n, 0, format));

/** A scene's shots in order, each edited where it stands, and a row to add the next one. */
export function ShotList({ projectId, scene, canEdit }: { projectId: string; scene: ShotSceneDto; canEdit: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {scene.shots.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No shots planned for this scene yet.</p>
      ) : (
        <ol aria-label={`Shots of scene ${scene.number}`} className="flex flex-col gap-3">
          {scene.shots.map((shot, i) => (
            <ShotRow
              key={shot.id}
              projectId={projectId}
              shot={shot}
              canEdit={canEdit}
              first={i === 0}
              last={i === scene.shots.length - 1}
            />
          ))}
        </ol>
      )}
      {canEdit && <NewShot projectId={projectId} sceneNumber={scene.number} />}
    </div>
  );
}

function ShotRow({
  projectId,
  shot,
  canEdit,
  first,
  last,
}: {
  projectId: string;
  shot: ShotDto;
  canEdit: boolean;
  first: boolean;
  last: boolean;
}) {
  const format = useSchoolSettings()?.numberFormat;
  const update = useUpdateShot(projectId);
  const move = useMoveShot(projectId);
  const remove = useDeleteShot(projectId);
  const [asking, setAsking] = useState(false);
  const [number, setNumber] = useState(shot.numberIsCustom ? shot.number : "");
  const [lens, setLens] = useState(shown(shot.lens, format));
  const [setup, setSetup] = useState(shown(shot.setupMinutes, format));
  const [description, setDescription] = useState(shot.description);
  // A change saved elsewhere (another tab, another person, through the realtime refresh) shows here too.
  const customNumber = shot.numberIsCustom ? shot.number : "";
  useEffect(() => setNumber(customNumber), [customNumber]);
  useEffect(() => setLens(shown(shot.lens, format)), [shot.lens, format]);
  useEffect(() => setSetup(shown(shot.setupMinutes, format)), [shot.setupMinutes, format]);
  useEffect(() => setDescription(shot.description), [shot.description]);
  const lensRead = readCount(lens, format);
  const setupRead = readCount(setup, format);
  const dirty =
    number !== (shot.numberIsCustom ? shot.number : "") ||
    (lensRead.ok ? lensRead.value !== shot.lens : true) ||
    (setupRead.ok ? setupRead.value !== shot.setupMinutes : true) ||
    description !== shot.description;
  useLeaveGuard(canEdit && dirty, `the changes to shot ${shot.number}`);
  const save = (input: Parameters<typeof update.mutate>[0]["input"]) => update.mutate({ shotId: shot.id, input });
  const label = `Shot ${shot.number}`;
  const disabled = !canEdit;

  return (
    <li
      aria-label={label}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-end gap-2">
        <span className="min-w-12 text-lg font-semibold tabular-nums" aria-hidden>
          {shot.number}
        </span>
        <Field
          label="Number"
          className="w-24"
          placeholder={shot.numberIsCustom ? "" : shot.number}
          value={number}
          disabled={disabled}
          onChange={(e) => setNumber(e.target.value)}
          onBlur={() => number !== (shot.numberIsCustom ? shot.number : "") && save({ number })}
        />
        <CameraFields
          camera={shot}
          disabled={disabled}
          onCamera={save}
          lens={lens}
          setLens={setLens}
          onLensLeft={() => lensRead.ok && lensRead.value !== shot.lens && save({ lens: lensRead.value })}
          setup={setup}
          setSetup={setSetup}
          onSetupLeft={() =>
            setupRead.ok && setupRead.value !== shot.setupMinutes && save({ setupMinutes: setupRead.value })
          }
        />
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900 dark:accent-amber-400"
            checked={shot.done}
            disabled={disabled}
            onChange={(e) => save({ done: e.target.checked })}
          />
          Done
        </label>
      </div>
      <Field
        label="Description"
        value={description}
        disabled={disabled}
        maxLength={2000}
        onChange={(e) => setDescription(e.target.value)}
        onBlur={() => description !== shot.description && save({ description })}
      />
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`Up: move ${label} earlier`}
            disabled={first || move.isPending}
            onClick={() => move.mutate({ shotId: shot.id, direction: "up", number: shot.number })}
          >
            <ArrowUp aria-hidden className="size-4" />
            Up
          </Button>
          <Button
            variant="secondary"
            aria-label={`Down: move ${label} later`}
            disabled={last || move.isPending}
            onClick={() => move.mutate({ shotId: shot.id, direction: "down", number: shot.number })}
          >
            <ArrowDown aria-hidden className="size-4" />
            Down
          </Button>
          <Button variant="ghost" aria-label={`Delete ${label}`} onClick={() => setAsking(true)}>
            <Trash2 aria-hidden className="size-4" />
            Delete
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={`Delete shot ${shot.number}?`}
        confirmLabel="Delete shot"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate({ shotId: shot.id, number: shot.number }, { onSettled: () => setAsking(false) })}
      >
        The shot and its storyboard frame are removed; the shots after it move up.
      </ConfirmDialog>
    </li>
  );
}

const EMPTY = { size: "MS" as ShotSize, angle: "eye_level" as ShotAngle, movement: "static" as ShotMovement };

/** The next shot of the scene; it takes the next automatic number unless one is typed. */
function NewShot({ projectId, sceneNumber }: { projectId: string; sceneNumber: string }) {
  const format = useSchoolSettings()?.numberFormat;
  const [camera, setCamera] = useState(EMPTY);
  const [lens, setLens] = useState("");
  const [setup, setSetup] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string>();
  const reset = () => {
    setLens("");
    setSetup("");
    setDescription("");
    setError(undefined);
  };
  const add = useAddShot(projectId, reset);
  useLeaveGuard(description.trim() !== "" || lens !== "" || setup !== "", "the shot you were adding");
  const lensRead = readCount(lens, format);
  const setupRead = readCount(setup, format);
  const submit = () => {
    if (!lensRead.ok || !setupRead.ok) return;
    const parsed = shotCreateInput.safeParse({
      sceneNumber,
      ...camera,
      lens: lensRead.value,
      setupMinutes: setupRead.value,
      description,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data);
  };
  return (
    <form
      aria-label={`New shot in scene ${sceneNumber}`}
      className="flex flex-col gap-3 rounded-lg border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 className="font-medium">New shot</h4>
      <div className="flex flex-wrap items-end gap-2">
        <CameraFields
          camera={camera}
          onCamera={(part) => setCamera({ ...camera, ...part })}
          lens={lens}
          setLens={setLens}
          setup={setup}
          setSetup={setSetup}
        />
      </div>
      <Field
        label="Description"
        hint="What the frame shows and what happens in it."
        value={description}
        maxLength={2000}
        error={error}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div>
        <Button type="submit" busy={add.isPending}>
          Add shot
        </Button>
      </div>
    </form>
  );
}

type Camera = { size: ShotSize; angle: ShotAngle; movement: ShotMovement };

const CHOICES: [keyof Camera, string, string, { value: string; label: string }[]][] = [
  ["size", "Size", "w-44", sizeOptions],
  ["angle", "Angle", "w-36", angleOptions],
  ["movement", "Movement", "w-32", movementOptions],
];

/**
 * A shot's camera: size, angle and movement chosen, lens and setup time typed as whole numbers in the school's
 * format. `on…Left` runs when a typed field is left (where a shot's row saves it).
 */
function CameraFields(props: {
  camera: Camera;
  disabled?: boolean;
  onCamera(part: Partial<Camera>): void;
  lens: string;
  setLens(text: string): void;
  onLensLeft?(): void;
  setup: string;
  setSetup(text: string): void;
  onSetupLeft?(): void;
}) {
  const format = useSchoolSettings()?.numberFormat;
  const { camera, disabled } = props;
  // NumberField says itself why a typed number cannot be read.
  const typed = (label: string, value: string, set: (t: string) => void, left?: () => void) => (
    // The field's own blur writes the number in the school's format; leaving it also saves, from here.
    <div className="w-24" onBlur={left}>
      <NumberField label={label} digits={0} format={format} value={value} disabled={disabled} onChange={set} />
    </div>
  );
  return (
    <>
      {CHOICES.map(([key, label, width, options]) => (
        <Select
          key={key}
          label={label}
          className={width}
          value={camera[key]}
          disabled={disabled}
          options={options}
          onChange={(e) => props.onCamera({ [key]: e.target.value })}
        />
      ))}
      {typed("Lens (mm)", props.lens, props.setLens, props.onLensLeft)}
      {typed("Setup (min)", props.setup, props.setSetup, props.onSetupLeft)}
    </>
  );
}
