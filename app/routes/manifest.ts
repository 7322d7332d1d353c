import { getConfig } from "#app/lib/env.server.ts";

export function loader() {
  const { site } = getConfig();
  const manifest = {
    name: site.name,
    short_name: site.name.split(" ").slice(0, 2).join(" "),
    description: "Industrial MRO components and supplies: bearings, seals, power transmission, fluid power and more.",
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: "#0f2a44",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return Response.json(manifest, {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
