/** A white panel on the page: the desk's sections and the quotation editor's. */
export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
