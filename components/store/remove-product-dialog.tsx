"use client";

import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import type { ProductCard as ProductCardData } from "@/lib/catalog/types";

/**
 * The owner's "Permanently remove this product?" confirmation (store-products.tsx). A module of its
 * own so the store page loads the dialog (Radix) only when an owner asks to remove something.
 */
export function RemoveProductDialog({
  product,
  returnFocusRef,
  onCancel,
  onConfirm,
}: {
  product: ProductCardData;
  returnFocusRef: RefObject<HTMLElement | null>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent
        // Cancel goes back to the card's button; a removal moves focus to the list heading.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
          returnFocusRef.current = null;
        }}
        title="Permanently remove this product?"
        description={`"${product.title}" will leave your store for good. This cannot be undone.`}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button className="bg-red-700 hover:bg-red-800 active:bg-red-900" onClick={onConfirm}>
            Permanently Remove
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
