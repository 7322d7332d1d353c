import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "#app/pages.ts";

export default [
  // The public site: its pages inside its header and footer (app/site/).
  layout("routes/site-layout.tsx", { id: "site" }, [
    ...pages.map(({ path, file }) => (path === "/" ? index(file) : route(path.slice(1), file))),
    // Answered per request: results depend on the query (not prerendered, not in the sitemap).
    route("search", "routes/search.tsx"),
    // A sent quotation for its buyer, by the unguessable link in its e-mail (never prerendered or indexed).
    route("q/:token", "routes/quotation-online.tsx"),
    // Any other address, the desk's included: the 404 page.
    route("*", "routes/not-found.tsx"),
  ]),
  route("quote/send", "routes/quote-send.ts"),
  route("q/:token/pdf", "routes/quotation-online-pdf.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  // The staff desk: rendered per request (never prerendered), not in the sitemap.
  layout("routes/desk/layout.tsx", [
    route("desk/sign-in", "routes/desk/sign-in.tsx"),
    route("desk/sign-out", "routes/desk/sign-out.ts"),
    route("desk/setup", "routes/desk/setup.tsx"),
    route("desk/welcome", "routes/desk/welcome.tsx"),
    route("desk/forgot-password", "routes/desk/forgot-password.tsx"),
    route("desk/reset-password", "routes/desk/reset-password.tsx"),
    layout("routes/desk/staff-layout.tsx", [
      route("desk", "routes/desk/inbox.tsx"),
      route("desk/quotes/:reference", "routes/desk/request.tsx"),
      route("desk/quotes/:reference/quotation", "routes/desk/quotation.tsx"),
      route("desk/quotes/:reference/quotation-pdf/:revision", "routes/desk/quotation-pdf.ts"),
      route("desk/export", "routes/desk/export.ts"),
      route("desk/export/xero.csv", "routes/desk/export-xero.ts"),
      route("desk/attachments/:id", "routes/desk/attachment.ts"),
      route("desk/people", "routes/desk/people.tsx"),
      route("desk/replies", "routes/desk/replies.tsx"),
      route("desk/mail", "routes/desk/mail.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
