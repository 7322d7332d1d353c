import { describe, expect, it } from "vitest";
import { categories, findCategory, productsPage, services, servicesPage } from "#app/content/catalogue.ts";
import { categorySchema, serviceSchema } from "#app/content/schema.ts";

function getCategory(slug: string) {
  const category = findCategory(slug);
  if (!category) throw new Error(`No category ${slug}`);
  return category;
}

/** The company's and the catalogue's facts as the specification gives them, written out literally. */
const expected = [
  {
    slug: "bearings",
    title: "Bearings",
    groups: [
      ["Ball Bearings", "3mm-400mm bore"],
      ["Roller Bearings", "10-1200mm bore"],
      ["Linear Bearings", "3-100mm shaft diameter"],
      ["Rod Ends & Spherical Bearings", "M3-M100 thread"],
      ["Bearing Housings", "12-200mm bore"],
      ["Self Lube Bearings", "10-150mm bore"],
      ["Split Bearings", "25-500mm bore"],
      ["Bearing Accessories", undefined],
    ],
    brands: ["AMC", "SKF", "Timken", "INA/FAG", "NSK/RHP", "NTN-SNR", "NKE", "Cooper", "JTEKT", "Challenge"],
  },
  {
    slug: "sealing-solutions",
    title: "Sealing Solutions",
    groups: [
      ["Hydraulic Seals", undefined],
      ["Pneumatic Seals", undefined],
      ["Retaining Rings (Circlips)", undefined],
      ["Rotary Shaft Seals", undefined],
      ["Static Seals", undefined],
    ],
    brands: ["Trelleborg", "Parker", "SKF", "Freudenberg", "NOK", "Hallite", "Simrit", "James Walker"],
  },
  {
    slug: "power-transmission",
    title: "Power Transmission",
    groups: [
      ["Belts", undefined],
      ["Chains", undefined],
      ["Shaft Fixings", undefined],
      ["Couplings", undefined],
      ["Pulleys & Sprockets", undefined],
      ["Accessories", undefined],
    ],
    brands: [
      "Gates",
      "Optibelt",
      "Megadyne",
      "Dunlop",
      "ContiTech",
      "Regina Chain",
      "Renold",
      "KÖBO",
      "Challenge",
      "Donghua",
      "Medway",
      "AMC",
    ],
  },
  {
    slug: "fluid-power",
    title: "Fluid Power",
    groups: [
      ["Pneumatics", undefined],
      ["Hydraulics", undefined],
      ["Industrial", undefined],
      ["Process", undefined],
    ],
    brands: ["Albion Valves", "Camozzi", "Comer", "FESTO", "Flowtech", "IPL", "NORGREN", "Polyhose", "SMC"],
  },
  {
    slug: "drives-pumps",
    title: "Drives & Pumps",
    groups: [
      ["Motors", undefined],
      ["Gearboxes", undefined],
      ["Pumps", undefined],
    ],
    brands: [
      "Bonfiglioli",
      "Calpeda",
      "Ebara",
      "Grundfos",
      "KSB",
      "Lowara",
      "NEW TEC",
      "Nord",
      "Universal Motors",
      "WEG",
      "Wilo",
    ],
  },
  {
    slug: "tools-maintenance",
    title: "Tools & Maintenance",
    groups: [
      ["Abrasives & Cutting Tools", "1-50mm diameter"],
      ["Adhesives & Sealants", "10-250ml tubes"],
      ["Castors & Wheels", "50-500mm"],
      ["Fasteners & Fixings", "M3-M100"],
      ["Janitorial & Cleaning", undefined],
      ["Lubricants & Chemicals", "400ml aerosol to 205L drum"],
      ["Site Safety", undefined],
      ["Tools", undefined],
      ["Workshop Equipment", undefined],
    ],
    brands: [
      "ABRACS",
      "Draper",
      "Ecospill",
      "EXOL",
      "Loctite",
      "NEW TECH LUBES",
      "PFERD",
      "PRESTO",
      "Prodec",
      "Sealey",
      "Silverline",
      "Stanley",
      "TYGRIS",
    ],
  },
  {
    slug: "ppe-safety",
    title: "PPE & Safety",
    groups: [
      ["Eye Protection", undefined],
      ["Fall Protection", undefined],
      ["First Aid & Emergency", undefined],
      ["Hand Protection", "gloves size 7-11"],
      ["Head Protection", undefined],
      ["Hearing Protection", undefined],
      ["Respiratory Protection", "FFP1, FFP2, FFP3"],
      ["Safety Footwear", "UK 3-13"],
      ["Workwear & Hi-Vis Clothing", "XS-5XL, visibility class 1-3"],
    ],
    brands: ["Beeswift", "Blackrock", "Fristads", "JSP", "LEO", "Polyco", "Portwest", "Scruffs", "Supertouch"],
  },
  {
    slug: "industrial-electrical",
    title: "Industrial Electrical",
    groups: [
      ["Cable & Cable Management", "0.5mm² to 240mm²"],
      ["Industrial Controls", "contactors 6A-1000A"],
      ["Wiring Accessories", undefined],
    ],
    brands: ["ABB", "Schneider", "Siemens", "Eaton", "Legrand", "Hager", "MK Electric", "Wago"],
  },
] as const;

const fluidPowerApplications = {
  Pneumatics: [
    "Accessories & Mountings",
    "Air Preparation",
    "Adaptors Fittings & QRC's",
    "Cylinders & Actuators",
    "Tubing",
    "Instrumentation",
    "Vacuum Equipment",
    "Valves",
  ],
  Hydraulics: [
    "Accessories",
    "Cylinders (Rams)",
    "Filtration & Fluids",
    "Hoses Fittings & QRC's",
    "Motors",
    "Power Packs & Units",
    "Pumps",
    "Valves",
  ],
  Industrial: [
    "Adaptors & Connectors",
    "Clips & Clamps",
    "Hose Assemblies",
    "Hose Fittings & Couplings",
    "Hose Reels & Accessories",
    "Industrial Hoses",
    "Quick Release Couplings",
    "Tubing Pipe & Fittings",
  ],
  Process: [
    "Actuators & Positioners",
    "Ball",
    "Butterfly",
    "Check",
    "Control",
    "Gate",
    "Globe",
    "Needle",
    "Pressure Reducing",
    "Pressure Relief",
    "Solenoid",
    "Strainers & Filters",
  ],
};

describe("product categories", () => {
  it("every category parses with the schema, unchanged", () => {
    for (const category of categories) {
      expect(categorySchema.parse(category)).toEqual(category);
    }
  });

  it("lists the eight categories in the products overview order with exact titles", () => {
    expect(categories.map((c) => [c.slug, c.title])).toEqual(expected.map((e) => [e.slug, e.title]));
  });

  it("flags only PPE & Safety as new", () => {
    expect(categories.filter((c) => c.isNew).map((c) => c.title)).toEqual(["PPE & Safety"]);
  });

  it("uses one artwork path per category", () => {
    for (const category of categories) {
      expect(category.image).toBe(`/art/categories/${category.slug}.svg`);
    }
  });

  for (const e of expected) {
    describe(e.title, () => {
      const category = getCategory(e.slug);

      it("has the spec's groups, in order, with their exact range texts", () => {
        expect(category.groups.map((g) => [g.name, g.range])).toEqual(e.groups);
      });

      it("gives every group a description and sub-types", () => {
        for (const group of category.groups) {
          expect(group.description.length).toBeGreaterThan(20);
          expect(group.applications.length).toBeGreaterThanOrEqual(e.slug === "fluid-power" ? 8 : 4);
          expect(new Set(group.applications).size).toBe(group.applications.length);
        }
      });

      it("lists the spec's brands, in order, as text wordmarks", () => {
        expect(category.brands.map((b) => b.name)).toEqual(e.brands);
        for (const brand of category.brands) expect(brand.logo).toBeUndefined();
      });
    });
  }

  it("gives Fluid Power's groups the spec's sub-types exactly", () => {
    const fluidPower = getCategory("fluid-power");
    expect(Object.fromEntries(fluidPower.groups.map((g) => [g.name, g.applications]))).toEqual(fluidPowerApplications);
  });

  it("shows the three Fluid Power highlights, and highlights nowhere else", () => {
    expect(getCategory("fluid-power").highlights).toEqual([
      { title: "Order Before 10pm", text: "For next-day delivery" },
      { title: "24/7 Out of Hours Service", text: "Emergency support available" },
      { title: "75,000 Products", text: "Worth over £50m available for same day despatch" },
    ]);
    expect(categories.filter((c) => c.highlights !== undefined).map((c) => c.slug)).toEqual(["fluid-power"]);
  });

  it("has unique meta descriptions of a sensible length", () => {
    const metas = [
      ...categories.map((c) => c.metaDescription),
      productsPage.metaDescription,
      servicesPage.metaDescription,
    ];
    expect(new Set(metas).size).toBe(metas.length);
    for (const meta of metas) {
      expect(meta.length).toBeGreaterThanOrEqual(50);
      expect(meta.length).toBeLessThanOrEqual(160);
    }
  });

  it("finds a category by its slug, and none for a slug we do not stock", () => {
    expect(findCategory("bearings")?.title).toBe("Bearings");
    expect(findCategory("widgets")).toBeUndefined();
  });
});

describe("services", () => {
  it("every service parses with the schema, unchanged", () => {
    for (const service of services) {
      expect(serviceSchema.parse(service)).toEqual(service);
    }
  });

  it("lists the four services with the spec's feature titles, in order", () => {
    expect(services.map((s) => [s.title, s.features.map((f) => f.title)])).toEqual([
      ["Engineering Services", ["Machining", "Fabrication", "Installation", "Consultation"]],
      ["Rewinds & Repairs", ["Motor Rewinds", "Gearbox Repair", "Pump Repair", "Fast Turnaround"]],
      ["Kitting Services", ["Custom Branding", "OEM Conversions", "Call-off Orders", "Consolidation"]],
      ["Stock Management", ["VMI Programs", "Consignment", "Organization", "Analytics"]],
    ]);
  });

  it("uses kebab-case slugs and matching artwork", () => {
    expect(services.map((s) => s.slug)).toEqual([
      "engineering-services",
      "rewinds-repairs",
      "kitting-services",
      "stock-management",
    ]);
    for (const service of services) {
      expect(service.image).toBe(`/art/services/${service.slug}.svg`);
    }
  });
});

describe("page texts", () => {
  it("uses the spec's page titles", () => {
    expect(productsPage.title).toBe("Our Product Range");
    expect(servicesPage.title).toBe("Services & Added Value");
    expect(productsPage.intro).toMatch(/eight/i);
  });

  it("shows no prices: the only £ figure is the '£50m' stock claim", () => {
    const all = JSON.stringify({ categories, services, productsPage, servicesPage });
    expect(all).toContain("over £50m");
    expect(all.replaceAll("£50m", "")).not.toMatch(/£\s?\d/);
  });
});
