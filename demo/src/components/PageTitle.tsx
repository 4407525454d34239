/** The document's title for the page on screen (React 19 puts it in the head). */
export const PageTitle = ({ children }: { children: string }) => <title>{`${children} · Stelace Rentals`}</title>
