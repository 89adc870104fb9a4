/** /v1/products: create (with a chosen `id` if given), retrieve, update, list. */
import { invalidRequest, missingParam } from "./errors";
import { readBool, readList, readString, type Params } from "./form";
import { expandOf, listAnswer, mergeMetadata, pickStrings, render, type Json } from "./objects";
import type { Route } from "./router";
import type { StripeObject } from "./store";

const TEXT_FIELDS = ["description", "statement_descriptor", "unit_label", "url"] as const;
const ACCEPTS = [...TEXT_FIELDS, "name", "active", "metadata", "images", "shippable"];

function changes(current: StripeObject | undefined, params: Params): Json {
  const patch: Json = { ...pickStrings(params, TEXT_FIELDS) };
  const name = readString(params, "name");
  if (name !== undefined) patch.name = name;
  const active = readBool(params, "active");
  if (active !== undefined) patch.active = active;
  const shippable = readBool(params, "shippable");
  if (shippable !== undefined) patch.shippable = shippable;
  if (params.images !== undefined) patch.images = readList(params, "images");
  if (params.metadata !== undefined)
    patch.metadata = mergeMetadata(current?.metadata, params.metadata);
  return patch;
}

export const productRoutes: Route[] = [
  {
    // POST /v1/products – a new product; `id` picks its id (an existing one is refused)
    method: "POST",
    pattern: "/v1/products",
    accepts: [...ACCEPTS, "id", "type"],
    handler: ({ state, params, request }) => {
      if (!readString(params, "name")) throw missingParam("name");
      const id = readString(params, "id");
      if (id !== undefined && state.store.get("product", id)) {
        throw invalidRequest(`Product already exists.`, {
          code: "resource_already_exists",
          param: "id",
        });
      }
      const fields = {
        active: true,
        default_price: null,
        description: null,
        images: [],
        marketing_features: [],
        metadata: {},
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        tax_details: null,
        type: readString(params, "type") ?? "service",
        unit_label: null,
        updated: state.store.now(),
        url: null,
        ...changes(undefined, params),
      };
      const product = id
        ? state.store.insert("product", fields, id)
        : state.store.insert("product", fields);
      state.emit("product.created", product, request);
      return render(state.store, product, expandOf(params));
    },
  },
  {
    // GET /v1/products?active=true&ids[]=... – newest first
    method: "GET",
    pattern: "/v1/products",
    handler: ({ state, params }) => {
      const active = readBool(params, "active");
      const ids = readList(params, "ids");
      const products = state.store
        .all("product")
        .filter(
          (p) =>
            (active === undefined || p.active === active) &&
            (ids.length === 0 || ids.includes(p.id)),
        );
      return listAnswer(state.store, products, params, "/v1/products");
    },
  },
  {
    // GET /v1/products/:id
    method: "GET",
    pattern: "/v1/products/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("product", id, "id"), expandOf(params)),
  },
  {
    // POST /v1/products/:id – update (emits product.updated with previous_attributes)
    method: "POST",
    pattern: "/v1/products/:id",
    accepts: ACCEPTS,
    handler: ({ state, id, params, request }) => {
      const product = state.store.getOrThrow("product", id, "id");
      const patch = changes(product, params);
      const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, product[key]]));
      state.store.update(product, { ...patch, updated: state.store.now() });
      state.emit("product.updated", product, request, previous);
      return render(state.store, product, expandOf(params));
    },
  },
];
