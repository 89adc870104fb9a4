import "server-only";

// What other domains and the pages may use. Checkout reads the cart with listCartItems.
export { addCartItem, type CartChange } from "./add-cart-item";
export { countCartItems } from "./count-cart-items";
export { MAX_ITEMS, MESSAGES as CART_MESSAGES, type CartOwner } from "./items";
export { listCartItems } from "./list-cart-items";
export { mergeCartCookiesOnSignIn } from "./merge-on-sign-in";
export { mergeVisitorItems } from "./merge-visitor-items";
export { moveToCart, moveToDreamTracker, type MoveResult } from "./move-item";
export { removeCartItem } from "./remove-cart-item";
export { updateCartItemQty } from "./update-cart-item-qty";
export { VisitorCookies, VISITOR_COOKIE_MAX_AGE_SECONDS } from "./visitor-cookies";
