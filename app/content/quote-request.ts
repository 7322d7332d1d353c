/**
 * The quote form's words: its options (values and labels as the original site had them, so requests read
 * the same wherever they go), its fields' labels and hints, what it says when something is missing, and
 * its two notices, word for word (and the line an emergency request's success adds).
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

/**
 * Shown first in the success notice of a request marked Emergency (Same day): a written reply within 24
 * hours is too late for a machine that is down, so the buyer is asked to phone now (the spec's words follow).
 */
export const emergencyNotice = {
  before: "You marked it as an emergency: phone us now on ",
  after: " so we can start on it at once.",
} as const;
