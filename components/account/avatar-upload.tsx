"use client";

import Image from "next/image";
import { useId, useRef, useState } from "react";
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_PX } from "@/lib/constants";
import { imageProblem } from "@/lib/validation/image";
import { MSG } from "@/lib/validation/messages";
import { useHydrated } from "@/components/layout/use-hydrated";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus, type Status } from "./form-field";
import { send } from "./send";

/**
 * The profile image, shown at 160 px, and its upload (JPEG or PNG, 8 MB). The name and size are
 * checked here for a quick answer; the server checks the real content and re-encodes it.
 */
export function AvatarUpload({ initialUrl, name }: { initialUrl: string | null; name: string }) {
  const [url, setUrl] = useState(initialUrl);
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  // A file picked before hydration would never be uploaded: the input waits for the handlers.
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function upload(file: File) {
    const problem = imageProblem(file, IMAGE_MAX_BYTES);
    if (problem) {
      setStatus({
        kind: "error",
        text: problem === "type" ? MSG.invalidFileUploaded : MSG.imageTooBig,
      });
      return;
    }
    setBusy(true);
    setStatus(null);
    const body = new FormData();
    body.append("avatarImage", file);
    const result = await send<{ message: string; avatarImage: string }>("/api/profile/avatar", {
      body,
    });
    setBusy(false);
    if (input.current) input.current.value = "";
    if (result.ok) {
      setUrl(result.data.avatarImage);
      setStatus({ kind: "success", text: result.data.message });
    } else {
      setStatus({ kind: "error", text: result.fieldErrors.avatarImage ?? result.message });
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div
        className="bg-leaf-100 text-leaf-800 flex items-center justify-center overflow-hidden rounded-full text-5xl font-bold uppercase shadow-sm ring-4 ring-white"
        style={{ width: PROFILE_IMAGE_PX, height: PROFILE_IMAGE_PX }}
      >
        {url ? (
          <Image
            src={url}
            alt={`Profile image of ${name}`}
            width={PROFILE_IMAGE_PX}
            height={PROFILE_IMAGE_PX}
            unoptimized
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden>{name.slice(0, 1)}</span>
        )}
      </div>
      <div>
        <label
          htmlFor={id}
          className={buttonClasses({
            variant: "secondary",
            size: "sm",
            className: "cursor-pointer",
          })}
        >
          {busy ? "Uploading…" : url ? "Change profile image" : "Upload profile image"}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          className="sr-only"
          disabled={busy || !hydrated}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <p id={`${id}-hint`} className="mt-2 text-sm text-stone-600">
          JPEG or PNG, up to 8 MB.
        </p>
      </div>
      <FormStatus status={status} className="text-center" />
    </div>
  );
}
