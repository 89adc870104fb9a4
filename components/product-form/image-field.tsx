"use client";

import Image from "next/image";
import { useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { ImagePlus } from "lucide-react";
import { PRODUCT_IMAGE_ASPECT } from "@/lib/constants";
import { imageProblem, pickFile } from "@/lib/validation/image";

/**
 * The product image slot, 80 % as high as it is wide (spec part 2 section 2), with a preview of the
 * chosen file. The file input is the real control (labelled "Product image"); the slot is its
 * label, so tapping the slot opens the picker on a phone.
 */
export function ImageField({
  id,
  initialUrl,
  error,
  registration,
  onPicked,
}: {
  id: string;
  initialUrl: string | null;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  /** Called after a file was chosen, so the form can check it at once. */
  onPicked: () => void;
}) {
  const [preview, setPreview] = useState(initialUrl);
  const objectUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  function showPreview(files: FileList | null) {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    const file = pickFile(files);
    // Only a file that passes the name, type and size checks is previewed.
    if (file instanceof File && !imageProblem(file)) {
      objectUrl.current = URL.createObjectURL(file);
      setPreview(objectUrl.current);
    } else {
      setPreview(initialUrl);
    }
  }

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold text-stone-800">
        Product image
      </span>
      <input
        id={id}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        aria-labelledby={labelId}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
        aria-invalid={Boolean(error)}
        className="peer sr-only"
        {...registration}
        onChange={async (event) => {
          await registration.onChange(event);
          showPreview(event.target.files);
          onPicked();
        }}
      />
      <label
        htmlFor={id}
        style={{ aspectRatio: `1 / ${PRODUCT_IMAGE_ASPECT}` }}
        className={`peer-focus-visible:outline-leaf-700 relative flex w-full cursor-pointer items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed bg-stone-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ${
          error ? "border-red-700" : "hover:border-leaf-600 border-stone-300"
        }`}
      >
        {preview ? (
          <Image
            src={preview}
            alt="Preview of the product image"
            fill
            unoptimized
            sizes="(min-width: 992px) 420px, 100vw"
            className="object-cover"
          />
        ) : (
          <span className="flex flex-col items-center gap-2 p-4 text-center text-stone-700">
            <ImagePlus aria-hidden className="text-leaf-700 size-10" />
            <span className="font-semibold">Choose a photo of your product</span>
          </span>
        )}
        {preview ? (
          <span className="absolute right-3 bottom-3 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-stone-800 shadow">
            Change the image
          </span>
        ) : null}
      </label>
      <p id={hintId} className="text-sm text-stone-600">
        JPEG or PNG, up to 8 MB.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
