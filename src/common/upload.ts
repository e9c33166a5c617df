import { z } from "zod";

/** The query string of a raw upload: the body is the file itself, its name travels as `?name=`. */
export const uploadNameQuery = z.object({
  name: z
    .string("Give the file's name")
    .trim()
    .min(1, "Give the file's name")
    .max(255, "A file name may be at most 255 characters long."),
});
