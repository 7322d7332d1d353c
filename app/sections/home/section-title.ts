/** The home page's section headings share one size and colour. */
export const sectionTitle = "text-2xl font-bold text-navy sm:text-3xl";
