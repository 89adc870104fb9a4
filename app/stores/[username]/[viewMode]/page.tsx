import { storeRoute } from "@/components/store/store-page";

const route = storeRoute({ withViewMode: true });

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

// store: /stores/{username}/{viewMode}: public or deleted, the owner's only; others go back to the store (spec part 1 section 4).
// proxy.ts redirects visitors, customers and admins before rendering (a real 307); the page checks the session itself.
export default route.Page;
