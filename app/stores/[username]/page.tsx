import { storeRoute } from "@/components/store/store-page";

const route = storeRoute();

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;

// store: /stores/{username}: the farm's profile and products; its owner gets edit mode (spec part 1 section 2)
export default route.Page;
