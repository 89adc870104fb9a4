import { ShoppingBasket } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";

/** A product that was deleted, removed or never existed. */
export default function ProductNotFound() {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <span className="bg-leaf-100 text-leaf-700 inline-flex size-16 items-center justify-center rounded-3xl">
        <ShoppingBasket aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <p className="text-leaf-700 mt-6 text-sm font-semibold tracking-[0.1em] uppercase">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">Product not found</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-stone-700">
        This product is no longer for sale, or the link is mistyped. The farms near you have plenty
        more.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/products/filtered" size="lg">
          Browse products
        </ButtonLink>
        <ButtonLink href="/" size="lg" variant="secondary">
          Back to the dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
