import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { ProductForm } from "@/components/product-form/product-form";
import { ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/product-form/spinner";
import { PageIntro } from "@/components/static/page-intro";
import { requireMember } from "@/server/auth/guards";
import { getAddProductGate } from "@/server/catalog/get-add-product-gate";
import { PRODUCT_MESSAGES } from "@/server/catalog/product-messages";
import { cardPaymentBlocker } from "@/server/catalog/product-form-merchant";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";

export const metadata: Metadata = { title: "Add a product", robots: { index: false } };

type Params = Promise<{ username: string }>;

// addNewStoreProduct: /stores/{username}/products/add, the merchant's own add-product form
export default function AddProductPage({ params }: { params: Params }) {
  return (
    <>
      <PageIntro
        eyebrow="Your store"
        title="Add a product"
        lead="A clear photo, a fair price and a few words on how it was grown."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<Spinner label="Loading the form…" />}>
          <AddProduct params={params} />
        </Suspense>
      </div>
    </>
  );
}

/**
 * Spec part 2 sections 2, 4, 8 and 9: a visitor goes to login; a member who is not a merchant goes to
 * the dashboard, another merchant reads the permission message; then the add gate (complete profile, payout account, plan limit) sends
 * the merchant where the missing piece is set up.
 */
async function AddProduct({ params }: { params: Params }) {
  const { username } = await params;
  const member = await requireMember(`/stores/${encodeURIComponent(username)}/products/add`, {
    merchantPage: true,
  });
  if (member.memberType !== "merchant") redirect("/");
  // Spec part 2 section 8: another merchant reads why, and gets a way to their own form.
  if (member.username !== username) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="alert" className="text-lg font-medium text-stone-800">
          {PRODUCT_MESSAGES.notPermittedToCreate}
        </p>
        <ButtonLink href={`/stores/${encodeURIComponent(member.username)}/products/add`}>
          Add a product to your store
        </ButtonLink>
      </div>
    );
  }

  const { cardPaymentsEnabled } = getEnv();
  const gate = await getAddProductGate(await getDb(), { memberId: member.id, cardPaymentsEnabled });
  if (!gate.allowed) redirect(gate.redirectTo);
  const { merchant } = gate;
  return (
    <ProductForm
      mode="add"
      username={merchant.username}
      currency={merchant.currency}
      serviceCharge={merchant.serviceCharge}
      cardUnavailableReason={cardPaymentBlocker(merchant, cardPaymentsEnabled)}
    />
  );
}
