"use client";

import { Mail, Phone } from "lucide-react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";

type ContactDialogProps = {
  /** "Customer" or "Farmer": the dialog's title says whose contact it is. */
  role: string;
  name: string;
  email: string;
  phone: string;
};

/** A name as a button that opens the person's contact details, email and phone as links. */
export function ContactDialog({ role, name, email, phone }: ContactDialogProps) {
  // Disabled until hydrated: a tap before the handlers exist would open nothing.
  const hydrated = useHydrated();
  return (
    <Dialog>
      <DialogTrigger
        disabled={!hydrated}
        className="text-leaf-800 hover:text-leaf-900 focus-visible:outline-leaf-600 decoration-leaf-300 rounded text-left font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={`${role} contact: ${name}`}
      >
        {name}
      </DialogTrigger>
      <DialogContent title={`${role} contact`}>
        <p className="mt-3 text-lg font-semibold text-stone-900">{name}</p>
        <ul className="mt-4 flex flex-col gap-3">
          <li>
            <a
              href={`mailto:${email}`}
              className="text-leaf-800 inline-flex items-center gap-2 font-medium break-all underline underline-offset-4"
            >
              <Mail aria-hidden className="size-5 shrink-0" />
              {email}
            </a>
          </li>
          {phone ? (
            <li>
              <a
                href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                className="text-leaf-800 inline-flex items-center gap-2 font-medium underline underline-offset-4"
              >
                <Phone aria-hidden className="size-5 shrink-0" />
                {phone}
              </a>
            </li>
          ) : null}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
