/**
 * The names of the archive's files: a folder and a title made safe for every unzip tool (no path separators, no
 * spaces, so the index prints each name on one line), told apart by a number when two documents share a title.
 */
export const ARCHIVE_NAME_MAX = 60;

export function safeName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, ARCHIVE_NAME_MAX)
    .replace(/[-.]+$/, "");
  return base || "file";
}

/** Gives each entry a path no other has, in the order they come; the first of two keeps the plain name. */
export class ArchiveNames {
  private taken = new Set<string>();

  name(folder: string, title: string, ext: string): string {
    const base = safeName(title.replace(new RegExp(`\\.${ext}$`, "i"), ""));
    let path = `${folder}/${base}.${ext}`;
    for (let n = 2; this.taken.has(path.toLowerCase()); n++) path = `${folder}/${base}-${n}.${ext}`;
    this.taken.add(path.toLowerCase());
    return path;
  }
}
