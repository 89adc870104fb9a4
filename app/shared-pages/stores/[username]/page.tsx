import { storeRoute } from "@/components/store/store-page";

const route = storeRoute({ shared: true });

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

// A store as everyone but a farm sees it (next.config.ts rewrites /stores/{username} here:
// lib/catalog/shared-pages.ts): no session read at all, so the whole page is cached.
export default route.Page;
