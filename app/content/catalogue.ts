import type { Category, Service } from "#app/content/schema.ts";

/**
 * Product catalogue and services content (the products overview, the services and the category pages;
 * shapes in ./schema). Group names, range texts, Fluid Power sub-types, brand lists and service feature
 * titles are the original site's wording verbatim; the rest is our copy.
 * No prices anywhere.
 */

export const categories: Category[] = [
  {
    slug: "bearings",
    title: "Bearings",
    image: "/art/categories/bearings.svg",
    alt: "Illustration of a deep groove ball bearing and a taper roller bearing",
    summary:
      "Ball, roller, linear and split bearings with housings and accessories, from miniature bearings to large-bore spherical rollers.",
    intro:
      "We supply bearings for rotating and sliding applications across the plant, from 3mm bore miniature ball bearings to 1200mm bore roller bearings. Everything is genuine branded stock, with housings, sleeves and fitting tools to complete the job, and same-day delivery for emergency parts.",
    features: [
      "Deep groove & angular contact",
      "Taper, spherical & needle roller",
      "Plummer blocks & flanged units",
      "Linear bearings & rod ends",
      "Self-lube & split bearings",
    ],
    isNew: false,
    groups: [
      {
        name: "Ball Bearings",
        range: "3mm-400mm bore",
        description:
          "Ball bearings for electric motors, fans, pumps and gearboxes, in open, shielded and sealed versions with standard or C3 internal clearance.",
        applications: ["Deep groove", "Angular contact", "Self-aligning", "Thrust", "Miniature", "Stainless steel"],
      },
      {
        name: "Roller Bearings",
        range: "10-1200mm bore",
        description:
          "Roller bearings for heavy radial, axial and shock loads in gearboxes, crushers, conveyors, vibrating screens and vehicles.",
        applications: [
          "Taper roller",
          "Cylindrical roller",
          "Spherical roller",
          "Needle roller",
          "Spherical roller thrust",
          "Cam followers & track rollers",
        ],
      },
      {
        name: "Linear Bearings",
        range: "3-100mm shaft diameter",
        description:
          "Linear bushings, profile rail guides and hardened shafting for accurate, low-friction travel on machine tools, automation and packaging lines.",
        applications: [
          "Linear ball bushings",
          "Profile rail guides & carriages",
          "Hardened linear shafting",
          "Shaft supports",
          "Linear housing units",
          "Plain linear bushes",
        ],
      },
      {
        name: "Rod Ends & Spherical Bearings",
        range: "M3-M100 thread",
        description:
          "Rod ends and spherical plain bearings for the pivot points of cylinders, linkages and steering gear, in greaseable and maintenance-free versions.",
        applications: [
          "Male thread rod ends",
          "Female thread rod ends",
          "Hydraulic cylinder rod ends",
          "Spherical plain bearings",
          "PTFE-lined maintenance-free",
          "Ball joints",
        ],
      },
      {
        name: "Bearing Housings",
        range: "12-200mm bore",
        description:
          "Plummer blocks, pillow blocks and flanged units in cast iron, pressed steel, stainless steel and thermoplastic, supplied as complete units or housings only.",
        applications: [
          "Plummer blocks",
          "Pillow block units",
          "2, 3 and 4 bolt flanged units",
          "Take-up units",
          "Cartridge units",
          "Stainless & thermoplastic units",
        ],
      },
      {
        name: "Self Lube Bearings",
        range: "10-150mm bore",
        description:
          "Sealed, pre-greased insert bearings with a spherical outer ring that aligns in its housing, locked to the shaft by grub screws, eccentric collar or adapter sleeve.",
        applications: [
          "Grub screw locking inserts",
          "Eccentric collar inserts",
          "Adapter sleeve mounting",
          "Cast iron housings",
          "Pressed steel housings",
          "Relubricatable inserts",
        ],
      },
      {
        name: "Split Bearings",
        range: "25-500mm bore",
        description:
          "Split roller bearings that fit around the shaft without removing couplings, pulleys or neighbouring bearings, cutting downtime on long shafts, conveyors and fans.",
        applications: [
          "Fixed & expansion bearings",
          "Split pedestal housings",
          "Split flange housings",
          "Split cartridge units",
          "Labyrinth & felt seals",
        ],
      },
      {
        name: "Bearing Accessories",
        description: "The parts and tools to mount, lock, lubricate and remove bearings correctly.",
        applications: [
          "Adapter & withdrawal sleeves",
          "Locknuts & lock washers",
          "Bearing greases",
          "Induction heaters",
          "Pullers & fitting tool kits",
          "Housing seals & end covers",
        ],
      },
    ],
    brands: [
      { name: "AMC" },
      { name: "SKF" },
      { name: "Timken" },
      { name: "INA/FAG" },
      { name: "NSK/RHP" },
      { name: "NTN-SNR" },
      { name: "NKE" },
      { name: "Cooper" },
      { name: "JTEKT" },
      { name: "Challenge" },
    ],
    metaDescription:
      "Ball, roller, linear, split and self-lube bearings with plummer blocks and accessories from leading brands. {locality} trade counter and UK delivery.",
  },
  {
    slug: "sealing-solutions",
    title: "Sealing Solutions",
    image: "/art/categories/sealing-solutions.svg",
    alt: "Illustration of an O-ring, a rotary shaft oil seal and a circlip",
    summary: "Hydraulic and pneumatic seals, oil seals, O-rings, gaskets and circlips in metric and imperial sizes.",
    intro:
      "We supply seals for hydraulic and pneumatic cylinders, gearboxes, pumps and pipe flanges, in nitrile, polyurethane, FKM, EPDM, silicone and PTFE to suit the fluid and temperature. Common metric and imperial sizes are held in stock, and our team can identify a replacement from its dimensions or an old sample.",
    features: [
      "Hydraulic rod, piston & wiper seals",
      "Oil seals & V-rings",
      "O-rings & O-ring kits",
      "Gaskets & bonded seals",
      "Internal & external circlips",
    ],
    isNew: false,
    groups: [
      {
        name: "Hydraulic Seals",
        description:
          "Rod, piston and wiper seals with wear rings for hydraulic cylinders, in polyurethane, nitrile, PTFE and fabric-reinforced materials.",
        applications: [
          "Rod seals",
          "Piston seals",
          "Wiper seals",
          "Buffer seals",
          "Wear rings & guide strip",
          "Cylinder seal kits",
        ],
      },
      {
        name: "Pneumatic Seals",
        description:
          "Low-friction seals for air cylinders, valves and actuators, designed to run with minimal lubrication.",
        applications: [
          "Piston seals",
          "Rod seals",
          "Combined rod & wiper seals",
          "Cushion seals",
          "Valve seals",
          "Cylinder seal kits",
        ],
      },
      {
        name: "Retaining Rings (Circlips)",
        description:
          "Circlips and retaining rings to locate bearings, gears and pins in bores and on shafts, in carbon spring steel and stainless steel.",
        applications: [
          "Internal circlips (DIN 472)",
          "External circlips (DIN 471)",
          "E-clips (DIN 6799)",
          "Spiral retaining rings",
          "Wire snap rings",
          "Circlip pliers",
        ],
      },
      {
        name: "Rotary Shaft Seals",
        description:
          "Oil seals for gearboxes, pumps, motors and axles in metric and imperial sizes, with single or double lips and rubber or metal outer cases.",
        applications: [
          "Oil seals",
          "Double lip seals",
          "V-rings",
          "Cassette seals",
          "Split oil seals",
          "Mechanical seals",
        ],
      },
      {
        name: "Static Seals",
        description:
          "O-rings, gaskets and bonded seals for flanges, covers and hydraulic fittings, in nitrile, FKM, EPDM and silicone.",
        applications: [
          "O-rings",
          "O-ring cord & kits",
          "Back-up rings",
          "Bonded seals",
          "Gaskets & gasket sheet",
          "Copper & fibre washers",
        ],
      },
    ],
    brands: [
      { name: "Trelleborg" },
      { name: "Parker" },
      { name: "SKF" },
      { name: "Freudenberg" },
      { name: "NOK" },
      { name: "Hallite" },
      { name: "Simrit" },
      { name: "James Walker" },
    ],
    metaDescription:
      "Hydraulic and pneumatic seals, oil seals, O-rings, gaskets and circlips from Trelleborg, Parker, SKF and more, with UK delivery from {locality}.",
  },
  {
    slug: "power-transmission",
    title: "Power Transmission",
    image: "/art/categories/power-transmission.svg",
    alt: "Illustration of a V-belt drive between two pulleys and a roller chain on a sprocket",
    summary: "Belts, chain, couplings, pulleys, sprockets and taper lock bushes to keep mechanical drives running.",
    intro:
      "We supply the mechanical drive components that connect motors to machines: wedge and V-belts, timing belts, roller chain, pulleys, sprockets, couplings and shaft fixings. That includes lawn and garden belts as well as industrial drives, with tensioners and alignment tools to set them up correctly.",
    features: [
      "Wedge, V & timing belts",
      "Roller & conveyor chain",
      "Taper lock bushes",
      "Jaw & tyre couplings",
      "Pulleys & sprockets",
      "Lawn & garden belts",
    ],
    isNew: false,
    groups: [
      {
        name: "Belts",
        description:
          "Wedge, classical V, timing and ribbed belts for industrial drives, plus lawn and garden belts for mowers and groundcare machinery.",
        applications: [
          "Wedge belts (SPZ, SPA, SPB, SPC)",
          "Classical V-belts",
          "Timing belts",
          "Ribbed belts",
          "Variable speed belts",
          "Lawn & garden belts",
        ],
      },
      {
        name: "Chains",
        description: "British and ANSI standard roller chain with connecting links, attachments and conveyor chain.",
        applications: [
          "Simplex, duplex & triplex roller chain",
          "Stainless steel chain",
          "Conveyor chain",
          "Attachment chain",
          "Leaf chain",
          "Connecting & cranked links",
        ],
      },
      {
        name: "Shaft Fixings",
        description:
          "Bushes, hubs and locking assemblies for fixing pulleys, sprockets and couplings securely to the shaft.",
        applications: [
          "Taper lock bushes",
          "Weld-on & bolt-on hubs",
          "Keyless locking assemblies",
          "QD bushes",
          "Shaft collars",
          "Keysteel",
        ],
      },
      {
        name: "Couplings",
        description:
          "Flexible and rigid couplings to connect motors, gearboxes and pumps, taking up misalignment and damping shock loads.",
        applications: [
          "Jaw couplings",
          "Tyre couplings",
          "Pin & bush couplings",
          "Gear couplings",
          "Chain couplings",
          "Disc couplings",
          "Fluid couplings",
        ],
      },
      {
        name: "Pulleys & Sprockets",
        description: "Wedge belt and timing pulleys and chain sprockets, in pilot bore and taper lock versions.",
        applications: [
          "Wedge belt pulleys",
          "Timing pulleys",
          "Pilot bore sprockets",
          "Taper lock sprockets",
          "Plate wheels",
          "Idler sprockets",
        ],
      },
      {
        name: "Accessories",
        description:
          "Tensioners, gauges and alignment tools that keep belt and chain drives running true and wearing evenly.",
        applications: [
          "Chain & belt tensioners",
          "Motor slide rails",
          "Belt tension gauges",
          "Pulley alignment tools",
          "Chain lubricants",
          "Chain breakers",
        ],
      },
    ],
    brands: [
      { name: "Gates" },
      { name: "Optibelt" },
      { name: "Megadyne" },
      { name: "Dunlop" },
      { name: "ContiTech" },
      { name: "Regina Chain" },
      { name: "Renold" },
      { name: "KÖBO" },
      { name: "Challenge" },
      { name: "Donghua" },
      { name: "Medway" },
      { name: "AMC" },
    ],
    metaDescription:
      "V-belts, wedge and timing belts, roller chain, sprockets, pulleys, couplings and taper lock bushes, delivered across the UK from {locality}.",
  },
  {
    slug: "fluid-power",
    title: "Fluid Power",
    image: "/art/categories/fluid-power.svg",
    alt: "Illustration of a pneumatic cylinder, a hydraulic hose assembly and a ball valve",
    summary:
      "Pneumatic, hydraulic, industrial hose and process valve components for compressed air, oil, water and steam systems.",
    intro:
      "We supply pneumatic, hydraulic, industrial hose and process components, from a single push-in fitting to a hydraulic power pack. Over 75,000 products are available for same-day despatch: order before 10pm for next-day delivery, or call our 24/7 out-of-hours emergency service when a breakdown cannot wait.",
    features: [
      "Pneumatic cylinders & valves",
      "Hydraulic hoses & fittings",
      "Pumps, motors & power packs",
      "Industrial hoses & couplings",
      "Process valves & actuators",
    ],
    isNew: false,
    highlights: [
      { title: "Order Before 10pm", text: "For next-day delivery" },
      { title: "24/7 Out of Hours Service", text: "Emergency support available" },
      {
        title: "75,000 Products",
        text: "Worth over £50m available for same day despatch",
      },
    ],
    groups: [
      {
        name: "Pneumatics",
        description:
          "Cylinders, valves, air preparation, tubing and push-in fittings for compressed air systems on production, packaging and handling machinery.",
        applications: [
          "Accessories & Mountings",
          "Air Preparation",
          "Adaptors Fittings & QRC's",
          "Cylinders & Actuators",
          "Tubing",
          "Instrumentation",
          "Vacuum Equipment",
          "Valves",
        ],
      },
      {
        name: "Hydraulics",
        description:
          "Pumps, motors, valves, cylinders and hose fittings for mobile and industrial hydraulic systems, with the filters and fluids to keep them clean.",
        applications: [
          "Accessories",
          "Cylinders (Rams)",
          "Filtration & Fluids",
          "Hoses Fittings & QRC's",
          "Motors",
          "Power Packs & Units",
          "Pumps",
          "Valves",
        ],
      },
      {
        name: "Industrial",
        description:
          "Hoses, couplings, clamps and pipework for air, water, fuel, chemicals and bulk materials on site and around the plant.",
        applications: [
          "Adaptors & Connectors",
          "Clips & Clamps",
          "Hose Assemblies",
          "Hose Fittings & Couplings",
          "Hose Reels & Accessories",
          "Industrial Hoses",
          "Quick Release Couplings",
          "Tubing Pipe & Fittings",
        ],
      },
      {
        name: "Process",
        description:
          "Manual and actuated valves, strainers and filters for controlling water, steam, air, oil and process fluids in pipework systems.",
        applications: [
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
      },
    ],
    brands: [
      { name: "Albion Valves" },
      { name: "Camozzi" },
      { name: "Comer" },
      { name: "FESTO" },
      { name: "Flowtech" },
      { name: "IPL" },
      { name: "NORGREN" },
      { name: "Polyhose" },
      { name: "SMC" },
    ],
    metaDescription:
      "Pneumatics, hydraulics, industrial hose and process valves. Over 75,000 products; order before 10pm for next-day UK delivery. 24/7 emergency service.",
  },
  {
    slug: "drives-pumps",
    title: "Drives & Pumps",
    image: "/art/categories/drives-pumps.svg",
    alt: "Illustration of an electric motor coupled to a gearbox, beside a centrifugal pump",
    summary: "Electric motors, gearboxes and pumps for conveyors, process plant, water supply and building services.",
    intro:
      "We supply AC motors, gearboxes, geared motors and pumps from established manufacturers, matched to your duty, mounting and frame size. Replace like for like or upgrade, and use our rewind and repair service when an existing unit is worth saving.",
    features: [
      "IEC three-phase motors",
      "Worm & helical gearboxes",
      "Geared motors",
      "Centrifugal & submersible pumps",
      "Inverters & soft starters",
    ],
    isNew: false,
    groups: [
      {
        name: "Motors",
        description:
          "AC electric motors in IEC frame sizes for foot, flange and face mounting, with the drives and starters to control them.",
        applications: [
          "Three-phase induction motors",
          "Single-phase motors",
          "Brake motors",
          "ATEX motors",
          "Variable speed drives (inverters)",
          "Soft starters",
        ],
      },
      {
        name: "Gearboxes",
        description:
          "Gearboxes and geared motors for conveyors, mixers and process lines, supplied to the ratio, output speed and mounting you need.",
        applications: [
          "Worm gearboxes",
          "Helical inline gearboxes",
          "Helical bevel gearboxes",
          "Parallel shaft gearboxes",
          "Planetary gearboxes",
          "Geared motors",
        ],
      },
      {
        name: "Pumps",
        description:
          "Centrifugal, submersible and positive displacement pumps for water supply, drainage, heating, cooling and process duties.",
        applications: [
          "End suction centrifugal pumps",
          "Multistage pumps",
          "Submersible drainage pumps",
          "Booster sets",
          "Circulators",
          "Positive displacement pumps",
        ],
      },
    ],
    brands: [
      { name: "Bonfiglioli" },
      { name: "Calpeda" },
      { name: "Ebara" },
      { name: "Grundfos" },
      { name: "KSB" },
      { name: "Lowara" },
      { name: "NEW TEC" },
      { name: "Nord" },
      { name: "Universal Motors" },
      { name: "WEG" },
      { name: "Wilo" },
    ],
    metaDescription:
      "Electric motors, gearboxes, geared motors and pumps from WEG, Bonfiglioli, Grundfos and more, matched to your duty. Delivered UK-wide from {locality}.",
  },
  {
    slug: "tools-maintenance",
    title: "Tools & Maintenance",
    image: "/art/categories/tools-maintenance.svg",
    alt: "Illustration of a spanner, a grease gun and an aerosol can",
    summary:
      "Hand and power tools, abrasives, fasteners, lubricants, adhesives and workshop consumables for maintenance teams.",
    intro:
      "We supply what the maintenance team uses every day, from cutting discs and drills to fasteners, threadlockers, castors and cleaning supplies. As an authorised distributor for Exol and Presto, we supply lubricants from 400ml aerosols to 205L drums.",
    features: [
      "Abrasives & cutting tools",
      "Fasteners & fixings",
      "Lubricants & chemicals",
      "Adhesives & sealants",
      "Hand & power tools",
      "Workshop equipment",
    ],
    isNew: false,
    groups: [
      {
        name: "Abrasives & Cutting Tools",
        range: "1-50mm diameter",
        description:
          "Discs, drills, taps and holesaws for cutting, grinding and finishing metal in the workshop and on site.",
        applications: [
          "Cutting & grinding discs",
          "Flap discs",
          "HSS & cobalt drills",
          "Taps & dies",
          "Holesaws",
          "Abrasive rolls & sheets",
        ],
      },
      {
        name: "Adhesives & Sealants",
        range: "10-250ml tubes",
        description:
          "Anaerobic and structural adhesives and sealants for locking, retaining, sealing and bonding during assembly and repair.",
        applications: [
          "Threadlockers",
          "Retaining compounds",
          "Gasket & thread sealants",
          "Instant adhesives",
          "Epoxies",
          "Silicone sealants",
        ],
      },
      {
        name: "Castors & Wheels",
        range: "50-500mm",
        description:
          "Swivel and fixed castors and replacement wheels for trolleys, machinery and equipment, with rubber, polyurethane and nylon treads.",
        applications: [
          "Swivel castors",
          "Fixed castors",
          "Braked castors",
          "Heavy-duty castors",
          "Stainless steel castors",
          "Replacement wheels",
        ],
      },
      {
        name: "Fasteners & Fixings",
        range: "M3-M100",
        description:
          "Metric bolts, screws, nuts and washers in high-tensile and stainless steel, with anchors and fixings for plant and building work.",
        applications: [
          "Hex bolts & set screws",
          "Socket screws",
          "Nuts & washers",
          "Threaded rod & studding",
          "Anchors & wall fixings",
          "Rivets",
        ],
      },
      {
        name: "Janitorial & Cleaning",
        description: "Hand cleaners, wipes, paper and cleaning supplies for workshops, washrooms and production areas.",
        applications: [
          "Hand cleaners",
          "Industrial wipes",
          "Blue roll & paper",
          "Degreasers",
          "Refuse sacks",
          "Mops & brushes",
        ],
      },
      {
        name: "Lubricants & Chemicals",
        range: "400ml aerosol to 205L drum",
        description:
          "Oils, greases and maintenance chemicals for plant and machinery, supplied in aerosols, cartridges, tins and bulk drums.",
        applications: [
          "Hydraulic oils",
          "Gear oils",
          "Greases",
          "Compressor oils",
          "Penetrating & maintenance aerosols",
          "Cutting fluids",
          "Food-grade lubricants",
        ],
      },
      {
        name: "Site Safety",
        description: "Spill control, barriers, signs and lockout equipment to keep workshops and sites safe.",
        applications: [
          "Spill kits & absorbents",
          "Barriers & barrier tape",
          "Safety signs",
          "Floor marking tape",
          "Lockout & tagout",
        ],
      },
      {
        name: "Tools",
        description:
          "Hand and power tools for maintenance and fitting, from spanners and sockets to cordless drills and grinders.",
        applications: [
          "Spanners & sockets",
          "Screwdrivers & pliers",
          "Hammers & striking tools",
          "Torque wrenches",
          "Cordless power tools",
          "Measuring & marking tools",
        ],
      },
      {
        name: "Workshop Equipment",
        description: "Benches, storage and handling equipment for the maintenance workshop and stores.",
        applications: [
          "Workbenches & vices",
          "Tool chests & cabinets",
          "Shelving & storage bins",
          "Sack trucks & trolleys",
          "Jacks & lifting equipment",
        ],
      },
    ],
    brands: [
      { name: "ABRACS" },
      { name: "Draper" },
      { name: "Ecospill" },
      { name: "EXOL" },
      { name: "Loctite" },
      { name: "NEW TECH LUBES" },
      { name: "PFERD" },
      { name: "PRESTO" },
      { name: "Prodec" },
      { name: "Sealey" },
      { name: "Silverline" },
      { name: "Stanley" },
      { name: "TYGRIS" },
    ],
    metaDescription:
      "Tools, abrasives, fasteners, lubricants, adhesives, castors and workshop consumables for maintenance teams. Trade counter in {locality}, UK delivery.",
  },
  {
    slug: "ppe-safety",
    title: "PPE & Safety",
    image: "/art/categories/ppe-safety.svg",
    alt: "Illustration of a safety helmet, safety glasses and a work glove",
    summary:
      "Protective equipment and workwear from head to toe, from gloves and FFP3 masks to safety boots and hi-vis clothing.",
    intro:
      "We supply personal protective equipment for the hazards on your site, from eye, ear and respiratory protection to fall arrest, first aid and safety footwear. Workwear and hi-vis clothing runs from XS to 5XL, so you can kit out the whole team from one supplier.",
    features: [
      "Gloves & hand protection",
      "FFP2 & FFP3 respirators",
      "S3 safety boots",
      "Hi-vis & workwear",
      "Fall arrest harnesses",
      "Eye & hearing protection",
    ],
    isNew: true,
    groups: [
      {
        name: "Eye Protection",
        description:
          "Safety spectacles, goggles and face shields to EN 166 for impact, dust, chemical splash and welding hazards.",
        applications: [
          "Safety spectacles",
          "Overspecs",
          "Goggles",
          "Face shields",
          "Welding goggles & screens",
          "Lens cleaning stations",
        ],
      },
      {
        name: "Fall Protection",
        description:
          "Harnesses, lanyards and anchor devices for working at height, with the equipment to restrain, arrest and rescue.",
        applications: [
          "Full body harnesses",
          "Energy-absorbing lanyards",
          "Retractable fall arresters",
          "Restraint lanyards",
          "Anchor points & slings",
          "Rescue kits",
        ],
      },
      {
        name: "First Aid & Emergency",
        description: "First aid kits, refills and emergency equipment for workshops, vehicles and production areas.",
        applications: [
          "Workplace first aid kits",
          "Refills & dressings",
          "Eye wash stations",
          "Burns kits",
          "Vehicle first aid kits",
        ],
      },
      {
        name: "Hand Protection",
        range: "gloves size 7-11",
        description:
          "Gloves for general handling, cut, chemical and heat hazards, with performance ratings to EN 388 and EN ISO 374.",
        applications: [
          "General handling gloves",
          "Cut-resistant gloves",
          "Chemical-resistant gloves",
          "Disposable nitrile gloves",
          "Thermal & welding gloves",
          "Anti-vibration gloves",
        ],
      },
      {
        name: "Head Protection",
        description: "Safety helmets to EN 397, bump caps to EN 812 and the accessories that fit them.",
        applications: [
          "Safety helmets",
          "Bump caps",
          "Helmet-mounted ear defenders",
          "Visors & brow guards",
          "Chin straps & liners",
        ],
      },
      {
        name: "Hearing Protection",
        description: "Ear plugs and ear defenders chosen by noise level, for single use or repeated wear.",
        applications: [
          "Disposable foam plugs",
          "Reusable plugs",
          "Banded ear plugs",
          "Ear defenders",
          "Ear plug dispensers",
        ],
      },
      {
        name: "Respiratory Protection",
        range: "FFP1, FFP2, FFP3",
        description: "Disposable and reusable respirators for dust, mist and fume, with filters for gases and vapours.",
        applications: [
          "Disposable masks",
          "Valved disposable masks",
          "Half masks",
          "Full face masks",
          "Replacement filters",
          "Powered air respirators",
        ],
      },
      {
        name: "Safety Footwear",
        range: "UK 3-13",
        description:
          "Safety boots and shoes with toe caps and midsole protection, including EN ISO 20345 S3 styles for wet and outdoor work.",
        applications: [
          "Safety boots",
          "Safety shoes & trainers",
          "Rigger boots",
          "Dealer boots",
          "Safety wellingtons",
          "Metal-free footwear",
        ],
      },
      {
        name: "Workwear & Hi-Vis Clothing",
        range: "XS-5XL, visibility class 1-3",
        description:
          "Overalls, trousers, jackets and EN ISO 20471 high-visibility garments for production, site and roadside work.",
        applications: [
          "Overalls & boilersuits",
          "Work trousers",
          "Jackets & fleeces",
          "Hi-vis vests & jackets",
          "Waterproofs",
          "Flame-retardant clothing",
        ],
      },
    ],
    brands: [
      { name: "Beeswift" },
      { name: "Blackrock" },
      { name: "Fristads" },
      { name: "JSP" },
      { name: "LEO" },
      { name: "Polyco" },
      { name: "Portwest" },
      { name: "Scruffs" },
      { name: "Supertouch" },
    ],
    metaDescription:
      "Safety gloves, FFP3 masks, safety boots, hi-vis, harnesses, eye and hearing protection for your team, from our {locality} trade counter or delivered UK-wide.",
  },
  {
    slug: "industrial-electrical",
    title: "Industrial Electrical",
    image: "/art/categories/industrial-electrical.svg",
    alt: "Illustration of a contactor, a cable gland and a coil of cable",
    summary:
      "Cable, cable management, control gear and wiring accessories for control panels, plant and installations.",
    intro:
      "We supply the electrical consumables maintenance electricians need, from cable and glands to contactors, overloads and MCBs. Cable runs from 0.5mm² to 240mm² and contactors from 6A to 1000A, with the trunking, tray and terminals to finish the job.",
    features: [
      "Power & control cable",
      "Glands, trunking & tray",
      "Contactors & overloads",
      "MCBs & distribution boards",
      "Terminals & wiring accessories",
    ],
    isNew: false,
    groups: [
      {
        name: "Cable & Cable Management",
        range: "0.5mm² to 240mm²",
        description:
          "Power, control and flexible cable with the glands, trunking, conduit and tray to route and protect it.",
        applications: [
          "SWA armoured cable",
          "Flexible & control cable",
          "Cable glands",
          "Trunking & conduit",
          "Cable tray & basket",
          "Cable ties & markers",
        ],
      },
      {
        name: "Industrial Controls",
        range: "contactors 6A-1000A",
        description: "Contactors, overloads, starters and control gear for motor circuits and machine control panels.",
        applications: [
          "Contactors",
          "Thermal overload relays",
          "Motor starters",
          "Push buttons & pilot lights",
          "Control relays & timers",
          "Rotary isolators",
        ],
      },
      {
        name: "Wiring Accessories",
        description: "Protective devices, distribution boards, sockets and terminals for panels and installations.",
        applications: [
          "MCBs & RCBOs",
          "Distribution boards",
          "Industrial plugs & sockets",
          "Switches & sockets",
          "Terminal blocks",
          "Crimp terminals",
        ],
      },
    ],
    brands: [
      { name: "ABB" },
      { name: "Schneider" },
      { name: "Siemens" },
      { name: "Eaton" },
      { name: "Legrand" },
      { name: "Hager" },
      { name: "MK Electric" },
      { name: "Wago" },
    ],
    metaDescription:
      "Cable, glands, trunking, contactors, overloads, MCBs and wiring accessories from ABB, Schneider, Siemens and more. UK delivery from {locality}.",
  },
];

export const services: Service[] = [
  {
    slug: "engineering-services",
    title: "Engineering Services",
    image: "/art/services/engineering-services.svg",
    alt: "Illustration of a lathe turning a shaft beside a welded steel bracket",
    description:
      "We machine, fabricate and install replacement parts when a standard item is obsolete, damaged or not right for the job. We can help you specify the component and see the work through from drawing or sample to fitting.",
    features: [
      {
        title: "Machining",
        description: "Shafts, bushes, spacers and one-off parts turned and milled to drawing or sample.",
      },
      {
        title: "Fabrication",
        description: "Guards, brackets, frames and repairs made in mild and stainless steel.",
      },
      {
        title: "Installation",
        description: "Bearings, drives, motors and pumps fitted and aligned on site.",
      },
      {
        title: "Consultation",
        description: "Advice on component selection, upgrades and the causes of repeat failures.",
      },
    ],
  },
  {
    slug: "rewinds-repairs",
    title: "Rewinds & Repairs",
    image: "/art/services/rewinds-repairs.svg",
    alt: "Illustration of an electric motor stator with copper windings",
    description:
      "We rewind and repair electric motors, gearboxes and pumps as an alternative to replacement. Each unit is stripped and assessed, and we quote before any work starts.",
    features: [
      {
        title: "Motor Rewinds",
        description: "AC and DC motors rewound, fitted with new bearings and tested before return.",
      },
      {
        title: "Gearbox Repair",
        description: "Gearboxes stripped, rebuilt with new bearings, seals and gears where needed.",
      },
      {
        title: "Pump Repair",
        description: "Mechanical seals, impellers, bearings and wear parts replaced on pumps.",
      },
      {
        title: "Fast Turnaround",
        description: "Breakdown repairs prioritised to get your plant running again.",
      },
    ],
  },
  {
    slug: "kitting-services",
    title: "Kitting Services",
    image: "/art/services/kitting-services.svg",
    alt: "Illustration of a labelled parts kit box holding bearings, seals and fasteners",
    description:
      "We put together the parts for a job, a machine or a service interval as one kit under one part number. Kits are labelled to your specification and can be called off as you need them.",
    features: [
      {
        title: "Custom Branding",
        description: "Kits packed and labelled with your part numbers and branding.",
      },
      {
        title: "OEM Conversions",
        description: "OEM part numbers cross-referenced to equivalent standard components.",
      },
      {
        title: "Call-off Orders",
        description: "Agree quantities and a schedule, then draw kits down as required.",
      },
      {
        title: "Consolidation",
        description: "Parts from several suppliers combined into one delivery and one invoice.",
      },
    ],
  },
  {
    slug: "stock-management",
    title: "Stock Management",
    image: "/art/services/stock-management.svg",
    alt: "Illustration of labelled storage bins on stores shelving",
    description:
      "We help you hold the right spares on site without tying up money in slow-moving stock. From vendor-managed bins to consignment stock, we set up a system that fits how your stores work.",
    features: [
      {
        title: "VMI Programs",
        description: "We monitor your stores and top up agreed stock levels.",
      },
      {
        title: "Consignment",
        description: "Critical spares held on your site and invoiced only when used.",
      },
      {
        title: "Organization",
        description: "Stores laid out, binned and labelled for fast, accurate picking.",
      },
      {
        title: "Analytics",
        description: "Usage reports to set minimum levels and reduce obsolete stock.",
      },
    ],
  },
];

export const productsPage = {
  title: "Our Product Range",
  intro:
    "Eight key categories of industrial MRO components and supplies, from bearings and seals to drives, tools and PPE. We combine extensive local stock at our {locality} trade counter with global sourcing, and deliver direct anywhere in the UK.",
  metaDescription:
    "Bearings, seals, power transmission, fluid power, drives and pumps, tools, electrical and PPE from our {locality} trade counter, with UK-wide delivery.",
} as const;

export const servicesPage = {
  title: "Services & Added Value",
  intro:
    "Engineering, repair, kitting and stock management services that reduce downtime and simplify how you buy and hold spares. Tell us what you need and we will put together a service that fits your site.",
  metaDescription:
    "Engineering services, motor rewinds and repairs, kitting and stock management from our {locality} base to reduce downtime for UK industry.",
} as const;

/** The category at /products/{slug}, or undefined for a slug we do not stock. */
export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}
