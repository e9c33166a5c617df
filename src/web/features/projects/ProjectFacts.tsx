import type { ReactNode } from "react";
import type { ZodType } from "zod";
import type { PersonRef } from "../../../common/project-api.ts";
import { shootDatesProblem } from "../../../common/projects.ts";
import { PROJECT_TYPE_LABELS, PROJECT_TYPES, type ProjectType } from "../../../common/projects.ts";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { firstProblem } from "../../lib/first-problem.ts";

/** The facts a project is started with and later edited, as a form holds them: text, kept as typed. */
export interface ProjectFacts {
  title: string;
  type: ProjectType;
  course: string;
  courseId: string;
  academicYear: string;
  logline: string;
  runtime: string;
  format: string;
  shootStart: string;
  shootEnd: string;
  supervisorId: string;
}
type FactKey = keyof ProjectFacts;

/** The typed runtime as the API takes it: empty is "not set". */
export const runtimeOf = (text: string) => (text.trim() === "" ? null : Number(text));

/** The input's first problem, named by the form's field (the runtime is `runtime` there), then the shoot dates'. */
export function factsProblem(schema: ZodType, input: unknown, facts: ProjectFacts) {
  const problem = firstProblem(schema, input);
  if (problem) return { ...problem, path: problem.path === "targetRuntimeMinutes" ? "runtime" : problem.path };
  const dates = shootDatesProblem(facts.shootStart || null, facts.shootEnd || null);
  return dates ? { path: "shootEnd", message: dates } : null;
}

interface ProjectFactsFieldsProps {
  facts: ProjectFacts;
  set<K extends FactKey>(key: K, value: ProjectFacts[K]): void;
  err(path: string): string | undefined;
  supervisors: PersonRef[];
  /** The school's courses to choose from ("No course" first). */
  courseOptions: { value: string; label: string }[];
  /** The project's supervisor, offered even when the directory no longer lists them. */
  supervisor?: PersonRef | null;
  /** A new project's form guides its first words: the title's length, examples and what a logline is. */
  guide?: boolean;
  /** Fields only the edit form has, after the logline and after the shoot days. */
  afterLogline?: ReactNode;
  afterDates?: ReactNode;
}

/** The fields of a project's facts, shared by the new-project dialog and the Overview's edit form. */
export function ProjectFactsFields({
  facts,
  set,
  err,
  supervisors,
  supervisor,
  courseOptions,
  guide,
  afterLogline,
  afterDates,
}: ProjectFactsFieldsProps) {
  const unlisted = supervisor && !supervisors.some((s) => s.id === supervisor.id) ? [supervisor] : [];
  return (
    <>
      <Field
        label="Title"
        required
        value={facts.title}
        onChange={(e) => set("title", e.target.value)}
        error={err("title")}
        maxLength={guide ? 200 : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Type"
          value={facts.type}
          onChange={(e) => set("type", e.target.value as ProjectType)}
          options={PROJECT_TYPES.map((t) => ({ value: t, label: PROJECT_TYPE_LABELS[t] }))}
        />
        <Field
          label="Course"
          value={facts.course}
          onChange={(e) => set("course", e.target.value)}
          error={err("course")}
          placeholder={guide ? "e.g. BA Film 2" : undefined}
        />
        <Field
          label="Academic year"
          required
          value={facts.academicYear}
          onChange={(e) => set("academicYear", e.target.value)}
          error={err("academicYear")}
          hint="Like 2026/27"
        />
      </div>
      {/* A course picked names the project by its code, and its teacher supervises unless a supervisor is chosen. */}
      <Select
        label="School course"
        value={facts.courseId}
        onChange={(e) => set("courseId", e.target.value)}
        options={courseOptions}
      />
      <Textarea
        label="Logline"
        rows={2}
        value={facts.logline}
        onChange={(e) => set("logline", e.target.value)}
        error={err("logline")}
        hint={guide ? "The film in one or two sentences." : undefined}
      />
      {afterLogline}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Target runtime (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          value={facts.runtime}
          onChange={(e) => set("runtime", e.target.value)}
          error={err("runtime")}
        />
        <Field
          label="Format"
          value={facts.format}
          onChange={(e) => set("format", e.target.value)}
          error={err("format")}
          placeholder={guide ? "e.g. 4K digital, 16 mm" : undefined}
        />
        <Field
          label="First shoot day"
          type="date"
          value={facts.shootStart}
          onChange={(e) => set("shootStart", e.target.value)}
          error={err("shootStart")}
        />
        <Field
          label="Last shoot day"
          type="date"
          value={facts.shootEnd}
          onChange={(e) => set("shootEnd", e.target.value)}
          error={err("shootEnd")}
        />
      </div>
      {afterDates}
      <Select
        label="Supervisor"
        value={facts.supervisorId}
        onChange={(e) => set("supervisorId", e.target.value)}
        options={[
          { value: "", label: guide && facts.courseId ? "The course's teacher" : "Not chosen yet" },
          ...[...unlisted, ...supervisors].map((s) => ({ value: s.id, label: s.name })),
        ]}
      />
    </>
  );
}
