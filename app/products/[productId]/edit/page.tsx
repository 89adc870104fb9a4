import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { EditProductView } from "@/components/product-form/edit-product-view";
import { Spinner } from "@/components/product-form/spinner";
import { toFormValues } from "@/components/product-form/to-form-values";
import { PageIntro } from "@/components/static/page-intro";
import { ButtonLink } from "@/components/ui/button";
import { id } from "@/lib/validation/core";
import { loginPathFor } from "@/server/auth/guards";
import { getSessionMember } from "@/server/auth/session";
import { getOwnerProduct } from "@/server/catalog/get-owner-product";
import { cardPaymentBlocker } from "@/server/catalog/product-form-merchant";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";

export const metadata: Metadata = { title: "Edit the product", robots: { index: false } };

type Params = Promise<{ productId: string }>;

const LOAD_FAILED_MESSAGE = "We have difficulty getting the product data.";
const LOGIN_REQUIRED_MESSAGE = "You have to log in to edit the product.";

// productDetailEdit: /products/{productId}/edit, the owner's edit form (the add form, loaded)
export default function EditProductPage({ params }: { params: Params }) {
  return (
    <>
      <PageIntro eyebrow="Your store" title="Edit the product" />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<Spinner label="Loading the product…" />}>
          <EditProduct params={params} />
        </Suspense>
      </div>
    </>
  );
}

/**
 * Spec part 2 sections 2, 6 and 8: a signed-out visitor reads 'You have to log in to edit the
 * product.', a member who is not a merchant goes to the dashboard, and a product that cannot be
 * loaded (unknown, removed, or another merchant's) reads 'We have difficulty getting the product data.'
 */
async function EditProduct({ params }: { params: Params }) {
  const { productId: raw } = await params;
  const member = await getSessionMember();
  if (!member) {
    return (
      <Problem text={LOGIN_REQUIRED_MESSAGE}>
        <ButtonLink
          href={loginPathFor(`/products/${encodeURIComponent(raw)}/edit`, { merchantPage: true })}
        >
          Log In
        </ButtonLink>
      </Problem>
    );
  }
  if (member.memberType !== "merchant") redirect("/");

  const productId = id().safeParse(raw);
  const loaded = productId.success ? await loadOwnProduct(member.id, productId.data) : null;
  if (!loaded) return <Problem text={LOAD_FAILED_MESSAGE} />;
  const { product, merchant } = loaded;
  return (
    <EditProductView
      mode="edit"
      productId={product.id}
      initial={toFormValues(product)}
      stockSeen={product.available_qty}
      imageUrl={product.img_url}
      deleted={product.status === "deleted"}
      username={merchant.username}
      currency={merchant.currency ?? product.currency}
      serviceCharge={merchant.serviceCharge}
      cardUnavailableReason={cardPaymentBlocker(merchant, getEnv().cardPaymentsEnabled)}
    />
  );
}

async function loadOwnProduct(merchantId: number, productId: number) {
  try {
    return await getOwnerProduct(await getDb(), { merchantId, productId });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

function Problem({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <p role="alert" className="text-lg font-medium text-stone-800">
        {text}
      </p>
      {children}
    </div>
  );
}
