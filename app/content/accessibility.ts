/** The accessibility statement. Dates and contact details come from configuration at render time. */
export const accessibilityPage = {
  title: "Accessibility Statement",
  metaDescription:
    "How we make this website usable by everyone, the standard we test it against, and how to tell us about a problem.",
  intro:
    "We want everyone who needs parts, stock or support to be able to use this website, whatever device, browser or assistive technology they use.",
  sections: [
    {
      heading: "The standard we aim for",
      paragraphs: [
        "This website is designed to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.",
        "Every page is tested automatically against the WCAG A and AA rules at phone and desktop widths, including the open menu, the quote form with errors and its notices.",
      ],
    },
    {
      heading: "What you can do on this website",
      paragraphs: [
        "Use every link, button and form field with a keyboard alone, with a visible focus outline; skip straight to the content from the top of each page.",
        "Zoom text up to 200% and use the site on a small screen without scrolling sideways.",
        "Pause the slideshow and the scrolling brand list. If your device asks for reduced motion, nothing moves on its own.",
        "Send a quote request without JavaScript: the form works as a plain web form and tells you what to correct.",
      ],
    },
    {
      heading: "Known limitations",
      paragraphs: [
        "The embedded map is provided by OpenStreetMap and may not work well with every screen reader. Our address is written beside it, with a link to the full map.",
      ],
    },
    {
      heading: "Tell us about a problem",
      paragraphs: [
        "If you find something on this website hard to use, or you need information in another format, please phone or e-mail us. We will reply within 24 hours and, if you are trying to order parts, we will help you by phone or e-mail in the meantime.",
      ],
    },
  ],
} as const;
