import type { CategorySlug } from "#app/content/schema.ts";
import { compact, fold } from "#app/lib/normalise.ts";

/**
 * Recognises the part numbers a UK MRO counter sees most, and says in plain words what they are.
 * Deterministic: regular expressions and small tables, no guessing from the index.
 */
export type PartMatch = {
  /** The part written the usual way, e.g. "6205-2RS". */
  part: string;
  /** "6205-2RS looks like a deep groove ball bearing, 25 mm bore, rubber sealed both sides". */
  explanation: string;
  family: string;
  category: CategorySlug;
  /** The type group on that category page (its exact name). */
  group: string;
};

type Found = Omit<PartMatch, "explanation" | "part"> & { part: string; what: string; details: string[] };

const finish = ({ what, details, ...found }: Found): PartMatch => ({
  ...found,
  explanation: [`${found.part} looks like ${what}`, ...details].join(", "),
});

// ---------------------------------------------------------------- bearings

/** ISO bore code: 00–03 are 10, 12, 15, 17 mm; from 04 up, five times the code. */
function boreFromCode(code: string) {
  if (code.length === 1) return Number(code);
  const n = Number(code);
  return [10, 12, 15, 17][n] ?? n * 5;
}

const sealSuffixes: [RegExp, string][] = [
  [/^(2RS1|2RSH|2RSR|2RSL|2RSN|2RS|LLU|DDU|2LS|2RU)/, "rubber sealed both sides"],
  [/^(RS1|RSH|RSR|RS|LU)/, "rubber sealed one side"],
  [/^(2ZR|2Z|ZZ|LLB|ZZC)/, "metal shielded both sides"],
  [/^(ZR|Z)/, "metal shielded one side"],
];
const otherSuffixes: [RegExp, string | undefined][] = [
  [/^C([2345])/, "C$1 internal clearance"],
  [/^NR/, "snap ring groove with snap ring"],
  [/^N/, "snap ring groove"],
  [/^K/, "tapered bore"],
  [/^W33/, "lubrication groove and holes"],
  [/^(ECP|ECJ|ECM|ECML|EC|E)/, "high-capacity design"],
  [/^(BECBP|BECBM|BEP|BE|B)/, "40° contact angle"],
  [/^(ACD|AC)/, "25° contact angle"],
  [/^(TN9|TVP|TVH|TN|P)/, "polyamide cage"],
  [/^(MA|MB|M)/, "brass cage"],
  [/^(P6|P5|P4|S0|S1|S2|CC|CA|HV|HT|VA|2F|TF|SS|J|X|A|F|G|W)/, undefined],
];

/** Reads the letters after a bearing's base number; undefined if any part of them is not a known suffix. */
function readSuffixes(rest: string) {
  const words: string[] = [];
  const details: string[] = [];
  let remaining = rest;
  while (remaining) {
    const table = [...sealSuffixes, ...otherSuffixes];
    const hit = table
      .map(([pattern, meaning]) => ({ match: remaining.match(pattern), meaning }))
      .filter((h) => h.match)
      .sort((a, b) => (b.match?.[0].length ?? 0) - (a.match?.[0].length ?? 0))[0];
    if (!hit?.match) return undefined;
    const word = hit.match[0];
    words.push(word);
    if (hit.meaning) details.push(hit.meaning.replace("$1", hit.match[1] ?? ""));
    remaining = remaining.slice(word.length);
  }
  return { words, details: [...new Set(details)] };
}

function bearingPart(base: string, suffixes: string[]) {
  const [first, ...others] = suffixes;
  const seal = first && sealSuffixes.some(([p]) => p.test(first));
  const tail = seal ? others : suffixes;
  return `${base}${seal ? `-${first}` : ""}${tail.length ? ` ${tail.join("")}` : ""}`;
}

type BearingFamily = {
  pattern: RegExp;
  what: string;
  group: string;
  family: string;
  category?: CategorySlug;
  /** Largest bore code the series is made in, so that a bare number like 1250 is not taken for a bearing. */
  maxCode?: number;
  /** Size line from the match; the default reads an ISO bore code. */
  size?: (m: RegExpMatchArray) => string;
};

const bore = (m: RegExpMatchArray) => `${boreFromCode(m[2] ?? "")} mm bore`;

const bearingFamilies: BearingFamily[] = [
  {
    pattern: /^(16[01]|618|619|60|62|63|64)(\d{2})(.*)$/,
    what: "a deep groove ball bearing",
    group: "Ball Bearings",
    family: "Deep groove ball bearing",
  },
  {
    pattern: /^(60|62|63|68|69)([1-9])(.*)$/,
    what: "a miniature deep groove ball bearing",
    group: "Ball Bearings",
    family: "Deep groove ball bearing",
  },
  {
    pattern: /^(70|72|73|718|719)(\d{2})(.*)$/,
    what: "an angular contact ball bearing",
    group: "Ball Bearings",
    family: "Angular contact ball bearing",
  },
  {
    pattern: /^(32|33)(\d{2})(.*)$/,
    what: "a double row angular contact ball bearing",
    group: "Ball Bearings",
    family: "Angular contact ball bearing",
    maxCode: 22,
  },
  {
    pattern: /^(12|13|22|23)(\d{2})(.*)$/,
    what: "a self-aligning ball bearing",
    group: "Ball Bearings",
    family: "Self-aligning ball bearing",
    maxCode: 22,
  },
  {
    pattern: /^(511|512|513|514)(\d{2})(.*)$/,
    what: "a thrust ball bearing",
    group: "Ball Bearings",
    family: "Thrust ball bearing",
  },
  {
    pattern: /^(213|222|223|230|231|232|239|240|241)(\d{2})(.*)$/,
    what: "a spherical roller bearing",
    group: "Roller Bearings",
    family: "Spherical roller bearing",
  },
  {
    pattern: /^(302|303|313|320|322|323|329|330|331|332)(\d{2})(.*)$/,
    what: "a taper roller bearing",
    group: "Roller Bearings",
    family: "Taper roller bearing",
  },
  {
    pattern: /^(NUP|NU|NJ|NF|NN|N)(10|22|23|2|3|4)(\d{2})(.*)$/,
    what: "a cylindrical roller bearing",
    group: "Roller Bearings",
    family: "Cylindrical roller bearing",
    size: (m) => `${boreFromCode(m[3] ?? "")} mm bore`,
  },
  {
    pattern: /^(NA|NKI|RNA)(48|49|69)(\d{2})(.*)$/,
    what: "a needle roller bearing",
    group: "Roller Bearings",
    family: "Needle roller bearing",
    size: (m) => `${boreFromCode(m[3] ?? "")} mm bore`,
  },
  {
    pattern: /^(HK|BK)(\d{2})(\d{2})(.*)$/,
    what: "a drawn cup needle roller bearing",
    group: "Roller Bearings",
    family: "Needle roller bearing",
    size: (m) => `${Number(m[2])} mm shaft, ${Number(m[3])} mm wide`,
  },
  {
    pattern: /^(UC|UK|SA|SB|YAR|YET|YEL)(2|3)(\d{2})(.*)$/,
    what: "a self-lube insert bearing",
    group: "Self Lube Bearings",
    family: "Insert bearing",
    size: (m) => `${boreFromCode(m[3] ?? "")} mm bore`,
  },
  {
    pattern: /^(UCPA|UCFC|UCFL|UCF|UCP|UCT)(2|3)(\d{2})(.*)$/,
    what: "a housed bearing unit",
    group: "Bearing Housings",
    family: "Housed bearing unit",
    size: (m) =>
      `${{ UCP: "pillow block", UCPA: "pillow block", UCF: "4-bolt flange", UCFL: "2-bolt flange", UCFC: "round flange", UCT: "take-up" }[m[1] ?? ""] ?? ""}, ${boreFromCode(m[3] ?? "")} mm bore`,
  },
  {
    pattern: /^(SYJ|SY|FYJ|FYTB|FY)(\d{2,3})(TF|FM|WF|TR|RM|WDW)?$/,
    what: "a housed bearing unit",
    group: "Bearing Housings",
    family: "Housed bearing unit",
    size: (m) => `${m[1]?.startsWith("S") ? "pillow block" : "flanged"}, ${Number(m[2])} mm shaft`,
  },
  {
    pattern: /^(SNL|SNV|SN|SD)(5|6|30|31)(\d{2})(.*)$/,
    what: "a split plummer block housing",
    group: "Bearing Housings",
    family: "Plummer block",
    size: (m) => `size ${m[2]}${m[3]}`,
  },
];

function bearing(text: string): PartMatch | undefined {
  let c = compact(text).toUpperCase();
  const stainless = /^(S|W|SS)(?=\d)/.exec(c);
  if (stainless) c = c.slice(stainless[0].length);
  const candidates: {
    family: BearingFamily;
    m: RegExpMatchArray;
    suffixes: NonNullable<ReturnType<typeof readSuffixes>>;
  }[] = [];
  for (const family of bearingFamilies) {
    const m = c.match(family.pattern);
    if (!m || Number(m[2]) > (family.maxCode ?? 99)) continue;
    const rest = m[m.length - 1] ?? "";
    const suffixes = readSuffixes(rest);
    if (suffixes) candidates.push({ family, m, suffixes });
  }
  // "6082RS" is a 608 with 2RS seals far more often than a 6082 with one seal.
  const pick =
    candidates.find((c) => c.family.pattern.source.includes("[1-9]") && /^2(RS|Z)/.test(c.m[3] ?? "")) ?? candidates[0];
  if (!pick) return undefined;
  const { family, m, suffixes } = pick;
  const base = `${stainless?.[0] ?? ""}${m.slice(1, -1).join("")}`;
  return finish({
    part: bearingPart(base, suffixes.words),
    what: `${stainless ? "a stainless steel " : ""}${stainless ? family.what.replace(/^an? /, "") : family.what}`,
    details: [(family.size ?? bore)(m), ...suffixes.details],
    family: family.family,
    category: family.category ?? "bearings",
    group: family.group,
  });
}

// ---------------------------------------------------------------- belts and chain

const wedgeWidths: Record<string, string> = { Z: "9.7", A: "12.7", B: "16.3", C: "22" };
const classicalWidths: Record<string, string> = { Z: "10", A: "13", B: "17", C: "22", D: "32", E: "38" };
const lawnSections: Record<string, string> = { "2L": "1/4", "3L": "3/8", "4L": "1/2", "5L": "21/32" };
const timingPitches = new Set(["3", "5", "8", "14"]);
const chainPitches: Record<string, string> = {
  "04": "6 mm",
  "05": "8 mm",
  "06": "3/8 in",
  "08": "1/2 in",
  "10": "5/8 in",
  "12": "3/4 in",
  "16": "1 in",
  "20": "1 1/4 in",
  "24": "1 1/2 in",
};
const strands: Record<string, string> = { "1": "simplex", "2": "duplex", "3": "triplex" };

const transmission = { category: "power-transmission" as const };

/** Belt and chain codes, each read by the reader for its family; `c` is the code compacted and upper-cased. */
const beltReaders: ((c: string, text: string) => PartMatch | undefined)[] = [
  function wedgeBelt(c) {
    const m = c.match(/^(SP|XP)(Z|A|B|C)(\d{3,5})$/);
    if (!m) return undefined;
    const [, kind = "", section = "", length = ""] = m;
    return finish({
      ...transmission,
      part: `${kind}${section}${length}`,
      what: kind === "XP" ? "a cogged (raw edge) wedge belt" : "a wedge belt",
      details: [`${kind}${section} section (${wedgeWidths[section]} mm top width)`, `${length} mm datum length`],
      family: "Wedge belt",
      group: "Belts",
    });
  },
  function classicalBelt(c) {
    const m = c.match(/^(Z|A|B|C|D|E)(X?)(\d{2,3})$/);
    if (!m) return undefined;
    const [, section = "", cogged = "", length = ""] = m;
    return finish({
      ...transmission,
      part: `${section}${cogged}${length}`,
      what: cogged ? "a cogged classical V-belt" : "a classical V-belt",
      details: [`${section} section (${classicalWidths[section]} mm top width)`, `${Number(length)} in inside length`],
      family: "Classical V-belt",
      group: "Belts",
    });
  },
  function lawnBelt(c) {
    const m = c.match(/^([2-5]L)(\d{3})$/);
    if (!m) return undefined;
    const [, section = "", length = ""] = m;
    return finish({
      ...transmission,
      part: `${section}${length}`,
      what: "a fractional horsepower (lawn & garden) V-belt",
      details: [`${section} section (${lawnSections[section]} in)`, `${Number(length) / 10} in outside length`],
      family: "Lawn & garden belt",
      group: "Belts",
    });
  },
  function ribbedBelt(c) {
    const m = c.match(/^(\d{1,2})?(PH|PJ|PK|PL|PM)(\d{3,5})$/);
    if (!m) return undefined;
    const [, ribs, section = "", length = ""] = m;
    return finish({
      ...transmission,
      part: `${ribs ?? ""}${section}${length}`,
      what: "a ribbed (poly-V) belt",
      details: [...(ribs ? [`${ribs} ribs`] : []), `${section} section`, `${length} mm effective length`],
      family: "Ribbed belt",
      group: "Belts",
    });
  },
  function htdBelt(_c, text) {
    const spaced = fold(text).replace(/[-_/]/g, " ").replace(/\s+/g, " ");
    const m =
      spaced.match(/^(?:htd ?)?(\d{3,4}) ?(3|5|8|14)m(?: ?(\d{1,3}))?(?: htd)?$/) ??
      spaced.match(/^(?:htd ?)?()(3|5|8|14)m(?: ?(\d{3,4}))?(?: (\d{1,3}))?$/);
    if (!m || !timingPitches.has(m[2] ?? "")) return undefined;
    const [, first, pitch, second, third] = m;
    const length = first || second;
    const width = first ? second : third;
    return finish({
      ...transmission,
      part: ["HTD", length ? `${length}-${pitch}M${width ? `-${width}` : ""}` : `${pitch}M`].join(" "),
      what: "an HTD timing belt",
      details: [
        `${pitch} mm pitch`,
        ...(length ? [`${length} mm pitch length`] : []),
        ...(width ? [`${width} mm wide`] : []),
      ],
      family: "Timing belt",
      group: "Belts",
    });
  },
  function metricTimingBelt(c) {
    const m = c.match(/^(AT|T)(5|10|20)(\d{3,4})?$/);
    if (!m) return undefined;
    const [, profile = "", pitch = "", length] = m;
    return finish({
      ...transmission,
      part: `${profile}${pitch}${length ? ` ${length}` : ""}`,
      what: "a metric timing belt",
      details: [`${profile}${pitch} profile, ${pitch} mm pitch`, ...(length ? [`${length} mm long`] : [])],
      family: "Timing belt",
      group: "Belts",
    });
  },
  function imperialTimingBelt(c) {
    const m = c.match(/^(\d{3,4})(MXL|XL|L|H|XH)(\d{3})$/);
    if (!m) return undefined;
    const [, length = "", profile = "", width = ""] = m;
    return finish({
      ...transmission,
      part: `${length}${profile}${width}`,
      what: "an imperial timing belt",
      details: [`${profile} profile`, `${Number(length) / 10} in long`, `${Number(width) / 100} in wide`],
      family: "Timing belt",
      group: "Belts",
    });
  },
  function rollerChain(c) {
    const m = c.match(/^(0[4-8]|1[026]|2[04])B([123])?$/);
    if (!m) return undefined;
    const [, pitch = "", strand = "1"] = m;
    return finish({
      ...transmission,
      part: `${pitch}B-${strand}`,
      what: "a British Standard roller chain",
      details: [`${chainPitches[pitch]} pitch`, strands[strand] ?? ""],
      family: "Roller chain",
      group: "Chains",
    });
  },
];

function belt(text: string): PartMatch | undefined {
  const c = compact(text).toUpperCase();
  for (const read of beltReaders) {
    const found = read(c, text);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------- seals

const materials: Record<string, string> = {
  nbr: "nitrile (NBR)",
  nitrile: "nitrile (NBR)",
  viton: "FKM (Viton)",
  fkm: "FKM (Viton)",
  epdm: "EPDM",
  silicone: "silicone",
  vmq: "silicone",
  hnbr: "HNBR",
  ptfe: "PTFE",
};
const oRingWords = new Set([
  "o",
  "ring",
  "rings",
  "oring",
  "orings",
  "or",
  "mm",
  "id",
  "cs",
  "shore",
  "seal",
  "metric",
]);
const oilSealWords = new Set([
  "oil",
  "seal",
  "seals",
  "tc",
  "sc",
  "ta",
  "tb",
  "rotary",
  "shaft",
  "lip",
  "double",
  "mm",
]);

const num = (text: string) => Number(text);
const mm = (text: string) => `${num(text)} mm`;

function seal(text: string): PartMatch | undefined {
  const spaced = fold(text)
    .replace(/(\d),(\d)/g, "$1.$2")
    .replace(/[-_/]/g, " ");
  const dims = [...spaced.matchAll(/(\d{1,4}(?:\.\d{1,2})?) ?(?:mm)? ?x ?(?=\d)/g)];
  const sizes = spaced.match(
    /(\d{1,4}(?:\.\d{1,2})?)(?: ?mm)? ?x ?(\d{1,4}(?:\.\d{1,2})?)(?: ?mm)?(?: ?x ?(\d{1,3}(?:\.\d{1,2})?))?/,
  );
  const rest = (sizes ? spaced.replace(sizes[0], " ") : spaced).split(/\s+/).filter(Boolean);
  const material = rest.map((w) => materials[w]).find(Boolean);
  const sealing = { category: "sealing-solutions" as const };
  const bs = spaced.match(/^(?:o ?rings? )?(?:bs|as ?568) ?(\d{3})(?: [a-z0-9 ]*)?$/);
  if (bs && num(bs[1] ?? "") <= 475) {
    return finish({
      ...sealing,
      part: `BS${bs[1]} O-ring`,
      what: "a standard inch O-ring size",
      details: [`BS 1806 / AS568 size ${bs[1]}`],
      family: "O-ring",
      group: "Static Seals",
    });
  }
  if (!sizes || dims.length > 2) return undefined;
  const [, a = "", b = "", third] = sizes;
  const others = rest.filter((w) => !materials[w] && !/^\d{2}$/.test(w));
  if (third === undefined && num(b) <= 12 && num(b) > 0 && others.every((w) => oRingWords.has(w))) {
    const named = others.length > 0 || rest.some((w) => materials[w]);
    if (!named && num(a) < 1) return undefined;
    return finish({
      ...sealing,
      part: `O-ring ${a} x ${b}${material ? ` ${material.split(" ")[0]?.toUpperCase()}` : ""}`,
      what: "an O-ring",
      details: [`${mm(a)} inside diameter × ${mm(b)} cross-section`, ...(material ? [material] : [])],
      family: "O-ring",
      group: "Static Seals",
    });
  }
  if (third !== undefined && num(a) < num(b) && others.every((w) => oilSealWords.has(w))) {
    return finish({
      ...sealing,
      part: `Oil seal ${a} x ${b} x ${third}`,
      what: "a rotary shaft (oil) seal",
      details: [`${mm(a)} shaft`, `${mm(b)} housing bore`, `${mm(third)} wide`, ...(material ? [material] : [])],
      family: "Oil seal",
      group: "Rotary Shaft Seals",
    });
  }
  return undefined;
}

function circlip(text: string): PartMatch | undefined {
  const m = fold(text).match(/^(?:circlips? )?(?:din ?)?(471|472|6799)(?: ?[- ] ?(\d{1,3}))?(?: ?mm)?(?: circlips?)?$/);
  if (!m) return undefined;
  const [, standard = "", size] = m;
  const kinds: Record<string, [string, string]> = {
    "471": ["an external circlip", "shaft"],
    "472": ["an internal circlip", "bore"],
    "6799": ["an E-clip", "groove"],
  };
  const [what, fits] = kinds[standard] ?? ["a circlip", "shaft"];
  return finish({
    part: `DIN ${standard}${size ? ` ${size}` : ""}`,
    what: `${what} (DIN ${standard})`,
    details: size ? [`for a ${size} mm ${fits}`] : [],
    family: "Circlip",
    category: "sealing-solutions",
    group: "Retaining Rings (Circlips)",
  });
}

// ---------------------------------------------------------------- fittings and fasteners

const threads: Record<string, string> = {
  bsp: "British Standard Pipe (BSP) thread",
  bspp: "BSP parallel thread",
  bspt: "BSP taper thread",
  jic: "JIC 37° flare thread",
  npt: "NPT (American taper) thread",
  nptf: "NPTF (dryseal taper) thread",
  orfs: "ORFS (O-ring face seal) thread",
  unf: "UNF thread",
};
const fittingWords = new Set([
  "male",
  "female",
  "m",
  "f",
  "adaptor",
  "adapter",
  "adaptors",
  "fitting",
  "fittings",
  "hose",
  "tail",
  "insert",
  "swivel",
  "straight",
  "elbow",
  "90",
  "45",
  "tee",
  "nipple",
  "parallel",
  "taper",
  "thread",
  "x",
  "to",
  "bonded",
  "seal",
  "plug",
  "cap",
  "hydraulic",
  "bulkhead",
  "reducer",
  "inch",
  "in",
]);

function fitting(text: string): PartMatch | undefined {
  const spaced = fold(text)
    .replace(/(\d)-(\d)/g, "$1 $2")
    .replace(/[,_]/g, " ");
  const tokens = spaced.split(/\s+/).flatMap((t) => t.split(/(?<=^[\d/"]+)(?=[a-z])/));
  const thread = tokens.find((t) => threads[t]);
  if (!thread) return undefined;
  const sizes = tokens.filter((t) => /^(\d{1,2}\/\d{1,2}|\d)"?$|^-\d{1,2}$/.test(t));
  const unknown = tokens.filter(
    (t) => !threads[t] && !sizes.includes(t) && !fittingWords.has(t) && !/^\d{1,2}$/.test(t),
  );
  if (unknown.length > 0) return undefined;
  const size = sizes[0]?.replace(/"$/, "");
  const sizeText = size ? (size.startsWith("-") ? `dash size ${size}` : `${size} in`) : undefined;
  const written = size && /\//.test(size) ? `${size}"` : size;
  return finish({
    part: [written, thread.toUpperCase()].filter(Boolean).join(" "),
    what: "a hydraulic fitting",
    details: [`${threads[thread]}${sizeText ? `, ${sizeText}` : ""}`],
    family: "Hydraulic fitting",
    category: "fluid-power",
    group: "Hydraulics",
  });
}

const fastenerStandards: Record<string, string> = {
  "iso 4014": "hex bolt",
  "din 931": "hex bolt",
  "iso 4017": "hex set screw",
  "din 933": "hex set screw",
  "iso 4762": "socket cap screw",
  "din 912": "socket cap screw",
  "iso 4032": "hex nut",
  "din 934": "hex nut",
};
const fastenerWords = new Set([
  "bolt",
  "bolts",
  "hex",
  "hexagon",
  "head",
  "set",
  "screw",
  "screws",
  "setscrew",
  "setscrews",
  "nut",
  "nuts",
  "socket",
  "cap",
  "high",
  "tensile",
  "ht",
  "zinc",
  "zp",
  "bzp",
  "plated",
  "stainless",
  "steel",
  "galv",
  "galvanised",
  "black",
  "full",
  "part",
  "thread",
  "threaded",
  "mm",
  "long",
  "fine",
  "pitch",
  "a2",
  "a4",
  "70",
  "80",
  "8.8",
  "10.9",
  "12.9",
  "x",
]);
const pitches = new Set([0.35, 0.4, 0.45, 0.5, 0.7, 0.75, 0.8, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4]);

function fastener(text: string): PartMatch | undefined {
  let spaced = fold(text)
    .replace(/(\d),(\d)/g, "$1.$2")
    .replace(/[-_/]/g, " ")
    .replace(/\s+/g, " ");
  const standard = Object.keys(fastenerStandards).find((s) => spaced.replace(/(iso|din) ?/, "$1 ").includes(s));
  if (standard) spaced = spaced.replace(/(iso|din) ?\d{3,4}/, " ").trim();
  const m = spaced.match(/(?:^| )m(\d{1,3})(?: ?x ?(\d{1,3}(?:\.\d{1,2})?))?(?: ?x ?(\d{1,4}))?(?= |$)/);
  if (!m) {
    if (!standard || spaced.split(" ").some((w) => w && !fastenerWords.has(w))) return undefined;
    return finish({
      part: standard.toUpperCase(),
      what: `the standard for a metric ${fastenerStandards[standard]}`,
      details: [],
      family: "Metric fastener",
      category: "tools-maintenance",
      group: "Fasteners & Fixings",
    });
  }
  const rest = spaced.replace(m[0], " ").split(" ").filter(Boolean);
  if (rest.some((w) => !fastenerWords.has(w))) return undefined;
  const [, diameter = "", second, third] = m;
  const pitch = second && third && pitches.has(num(second)) ? second : undefined;
  const length = pitch ? third : second;
  const kind =
    (standard && fastenerStandards[standard]) ??
    (rest.includes("nut") || rest.includes("nuts")
      ? "hex nut"
      : rest.includes("socket")
        ? "socket cap screw"
        : rest.some((w) => w.startsWith("set") || w === "full")
          ? "hex set screw"
          : rest.some((w) => w.startsWith("screw"))
            ? "screw"
            : length
              ? "hex bolt"
              : "thread size");
  const grade = rest.find((w) => /^(8\.8|10\.9|12\.9|a2|a4)$/.test(w));
  const isoName = kind === "hex bolt" && !standard ? " (ISO 4014)" : standard ? ` (${standard.toUpperCase()})` : "";
  return finish({
    part: `M${diameter}${pitch ? ` x ${pitch}` : ""}${length ? ` x ${length}` : ""}${grade ? ` ${grade.toUpperCase()}` : ""}`,
    what: kind === "thread size" ? "a metric thread size" : `a metric ${kind}${isoName}`,
    details: [
      `M${diameter} thread${pitch ? `, ${pitch} mm fine pitch` : ""}`,
      ...(length ? [`${length} mm long`] : []),
      ...(grade ? [/^a/.test(grade) ? `${grade.toUpperCase()} stainless` : `grade ${grade}`] : []),
    ],
    family: "Metric fastener",
    category: "tools-maintenance",
    group: "Fasteners & Fixings",
  });
}

const recognisers = [fastener, fitting, circlip, seal, belt, bearing];

/** The part number the query looks like, if any. */
export function recognisePart(query: string): PartMatch | undefined {
  const text = fold(query);
  if (!text || text.length > 60 || !/\d/.test(text)) {
    // Thread names alone ("bsp adaptor") still say what they are.
    return text && text.length <= 60 ? fitting(text) : undefined;
  }
  for (const recognise of recognisers) {
    const found = recognise(text);
    if (found) return found;
  }
  return undefined;
}
