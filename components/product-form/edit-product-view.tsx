"use client";

import { useEffect, useState } from "react";
import { EDIT_PRODUCT_SPINNER_MS } from "@/lib/constants";
import { ProductForm, type ProductFormProps } from "./product-form";
import { Spinner } from "./spinner";

/** The edit page: its spinner hides after 500 ms (spec part 2 section 2), then the loaded form shows. */
export function EditProductView(props: Extract<ProductFormProps, { mode: "edit" }>) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), EDIT_PRODUCT_SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  return loading ? <Spinner label="Loading the product…" /> : <ProductForm {...props} />;
}
