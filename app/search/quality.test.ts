import { describe, expect, it } from "vitest";
import { search } from "./engine";

/**
 * What buyers type, and the page each query should lead to. Top-1: that page is the first one search offers;
 * top-3: it is among the first three. Add every query a buyer was let down by.
 */
const B = "/products/bearings";
const S = "/products/sealing-solutions";
const PT = "/products/power-transmission";
const FP = "/products/fluid-power";
const DP = "/products/drives-pumps";
const TM = "/products/tools-maintenance";
const EL = "/products/industrial-electrical";
const PPE = "/products/ppe-safety";
const SV = "/services";

const queryTable: [query: string, page: string][] = [
  // part numbers
  ["6205-2RS", B],
  ["6205 2rs", B],
  ["6205.2RS.C3", B],
  ["608zz", B],
  ["6004 2z", B],
  ["NU 206 ECP", B],
  ["nj2210", B],
  ["22210 EK", B],
  ["30205", B],
  ["7205 BEP", B],
  ["3205", B],
  ["UCP205", B],
  ["UC 208", B],
  ["SNL 510", B],
  ["HK2016", B],
  ["SPZ 1250", PT],
  ["spb2000", PT],
  ["XPA 1000", PT],
  ["A42", PT],
  ["B 50 belt", PT],
  ["4L340", PT],
  ["HTD 5M", PT],
  ["1200-8M-30", PT],
  ["6PK1200", PT],
  ["08B-1", PT],
  ["20 x 2.5 o ring", S],
  ["O-ring 50x3 viton", S],
  ["BS 214", S],
  ["25x47x7 oil seal", S],
  ["din 471 25", S],
  ["1/2 bsp", FP],
  ['3/8" BSPP male adaptor', FP],
  ["-8 JIC", FP],
  ["M10 x 50", TM],
  ["m12x1.25x60 8.8", TM],
  ["ISO 4014 M16 x 80", TM],
  // words, synonyms and typos
  ["vee belt", PT],
  ["v belts", PT],
  ["fan belt", PT],
  ["wedge belt", PT],
  ["timing belt", PT],
  ["taperlock bush", PT],
  ["roller chain", PT],
  ["sprockets", PT],
  ["jaw coupling", PT],
  ["o ring", S],
  ["orings", S],
  ["o-ring kit", S],
  ["circlip", S],
  ["retaining ring", S],
  ["snap rings", S],
  ["oil seal", S],
  ["hydraulic seals", S],
  ["wiper seal", S],
  ["hydralic hose", FP],
  ["hyd hose", FP],
  ["hydraulic pump", FP],
  ["pneumatic cylinder", FP],
  ["push fit fittings", FP],
  ["ball valve", FP],
  ["solenoid valve", FP],
  ["quick release coupling", FP],
  ["ffp3", PPE],
  ["ffp2 mask", PPE],
  ["dust mask", PPE],
  ["ppe", PPE],
  ["safety boots", PPE],
  ["rigger boots", PPE],
  ["hi vis vest", PPE],
  ["ear defenders", PPE],
  ["hard hat", PPE],
  ["cut resistant gloves", PPE],
  ["harness", PPE],
  ["first aid kit", PPE],
  ["contactor", EL],
  ["contacter", EL],
  ["dol starter", EL],
  ["mcb", EL],
  ["swa cable", EL],
  ["cable glands", EL],
  ["terminal blocks", EL],
  ["electric motor", DP],
  ["gearbox", DP],
  ["worm gearbox", DP],
  ["inverter", DP],
  ["submersible pump", DP],
  ["bearings", B],
  ["bering", B],
  ["ball bearing", B],
  ["deep groove bearing", B],
  ["taper roller bearing", B],
  ["plummer block", B],
  ["pillow block", B],
  ["rod end", B],
  ["linear guide", B],
  ["induction heater", B],
  ["threadlocker", TM],
  ["loctite", TM],
  ["cutting discs", TM],
  ["castors", TM],
  ["hex bolts", TM],
  ["grease", TM],
  ["spill kit", TM],
  ["blue roll", TM],
  ["torque wrench", TM],
  // brands
  ["skf", B],
  ["timken", B],
  ["gates", PT],
  ["optibelt", PT],
  ["festo", FP],
  ["smc", FP],
  ["grundfos", DP],
  ["bonfiglioli", DP],
  ["exol", TM],
  ["draper", TM],
  ["portwest", PPE],
  ["jsp", PPE],
  ["schneider", EL],
  ["wago", EL],
  ["trelleborg", S],
  ["hallite", S],
  ["kobo", PT],
  // services and whole phrases
  ["motor rewind", SV],
  ["gearbox repair", SV],
  ["machining", SV],
  ["vendor managed inventory", SV],
  ["consignment stock", SV],
  ["kitting", SV],
  ["seal kit for a hydraulic cylinder", S],
  ["bearing for an electric motor", B],
  ["gloves for handling chemicals", PPE],
  ["hose for compressed air", FP],
];

function measure() {
  const misses: string[] = [];
  let top1 = 0;
  let top3 = 0;
  for (const [query, page] of queryTable) {
    const { pages } = search(query);
    if (pages[0] === page) top1++;
    if (pages.slice(0, 3).includes(page)) top3++;
    else misses.push(`${query} → ${pages.slice(0, 3).join(", ") || "nothing"} (expected ${page})`);
    if (pages[0] !== page && pages.slice(0, 3).includes(page)) misses.push(`(top-3 only) ${query} → ${pages[0]}`);
  }
  return { top1: top1 / queryTable.length, top3: top3 / queryTable.length, misses };
}

describe("search quality", () => {
  it(`leads ${queryTable.length} realistic queries to the right page (top-1 ≥ 90 %, top-3 ≥ 98 %)`, () => {
    const { top1, top3, misses } = measure();
    const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
    console.log(`search quality: ${queryTable.length} queries, top-1 ${percent(top1)}, top-3 ${percent(top3)}`);
    if (misses.length) console.log(misses.join("\n"));
    expect(queryTable.length).toBeGreaterThanOrEqual(80);
    expect(top1).toBeGreaterThanOrEqual(0.9);
    expect(top3).toBeGreaterThanOrEqual(0.98);
  });
});
