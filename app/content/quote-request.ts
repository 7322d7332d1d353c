/**
 * The quote form's words: its options (values and labels as the original site had them, so requests read
 * the same wherever they go), its fields' labels and hints, what it says when something is missing, and
 * its two notices, word for word.
 */

export const quoteCategories = [
  { value: "bearings", label: "Bearings" },
  { value: "sealing", label: "Sealing Solutions" },
  { value: "power-transmission", label: "Power Transmission" },
  { value: "fluid-power", label: "Fluid Power" },
  { value: "drives-pumps", label: "Drives & Pumps" },
  { value: "tools-maintenance", label: "Tools & Maintenance" },
  { value: "electrical", label: "Industrial Electrical" },
  { value: "ppe", label: "PPE & Safety" },
  { value: "other", label: "Other" },
] as const;

/** Standard is the default. */
export const urgencies = [
  { value: "standard", label: "Standard (5-7 days)" },
  { value: "urgent", label: "Urgent (2-3 days)" },
  { value: "emergency", label: "Emergency (Same day)" },
] as const;

/** Each field as the buyer sees it on the form. */
export const quoteFieldCopy = {
  customerName: { label: "Name" },
  email: { label: "E-mail" },
  company: { label: "Company" },
  phone: { label: "Phone" },
  category: { label: "Product category", placeholder: "Select a category" },
  urgency: { label: "Urgency" },
  requirements: { label: "Requirements", hint: "Part numbers, sizes, brands and quantities help us quote quickly." },
} as const;

/** What a required field says when it is left empty or cannot be read. */
export const messages = {
  customerName: "Enter your name",
  email: "Enter an e-mail address like name@company.co.uk",
  requirements: "Tell us what you need",
} as const;

export const quoteNotices = {
  success: {
    title: "Quote Request Submitted",
    text: "We'll respond within 24 hours with your customized quote.",
  },
  failure: {
    title: "Submission Failed",
    text: "Failed to submit quote request. Please try again.",
  },
} as const;
