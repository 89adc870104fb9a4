/** The image field of the product and profile image schemas, built on the checks in image.ts. */
import { z } from "zod";
import { imageProblem, pickFile, type ImageInput } from "./image";

export interface ImageRule {
  /** Message when no file is chosen; without it the image is optional. */
  required?: string;
  invalid: string;
  tooBig: string;
  maxBytes?: number;
}

/** An image field: the output is the chosen File (typed as the DOM File) or null. */
export function imageFile(rule: ImageRule) {
  return z
    .custom<ImageInput>(() => true)
    .transform((value, ctx): File | null => {
      const file = pickFile(value);
      if (!file) {
        if (rule.required) {
          ctx.addIssue({ code: "custom", message: rule.required });
          return z.NEVER;
        }
        return null;
      }
      const problem = imageProblem(file, rule.maxBytes);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem === "type" ? rule.invalid : rule.tooBig });
        return z.NEVER;
      }
      return file as File;
    });
}
