/**
 * A page's meta description, in its prerendered shell. Next streams the metadata of a page whose
 * generateMetadata reads the request (the viewer's city, the search) into <body>, where readers
 * of <head> only (Lighthouse, link previews that are not on Next's bot list) miss it. React
 * hoists a <meta> rendered outside every <Suspense> boundary into the shell's <head>, so the
 * description goes there; the page's generateMetadata then answers `description: null`, so the
 * page has exactly one. The text cannot depend on the request.
 */
export function ShellDescription({ content }: { content: string }) {
  return <meta name="description" content={content} />;
}
