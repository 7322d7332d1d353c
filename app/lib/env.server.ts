import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultDeliveryTerms } from "#app/content/quotation.ts";
import { defaultSite, type Site } from "#app/content/site.ts";
import { parseClosures } from "#app/lib/opening-hours.server.ts";
import { siteSchema } from "#app/lib/site-schema.server.ts";

const optionalText = z.string().trim().min(1).optional();
const milliseconds = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const proxyNames = ["loopback", "linklocal", "uniquelocal"];
/** An address or subnet Express's `trust proxy` understands: 10.0.0.0/8, ::1, loopback. */
function proxyEntry(entry: string) {
  if (proxyNames.includes(entry)) return true;
  const [address = "", bits, extra] = entry.split("/");
  const version = net.isIP(address);
  if (!version || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: how many proxies in front of us to believe (a hop count, 0 for none), or which ones (a
 * comma-separated list of addresses, subnets and the names loopback, linklocal, uniquelocal).
 */
const trustProxy = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, context): number | string[] => {
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim().toLowerCase());
    if (entries.every(proxyEntry)) return entries;
    context.addIssue({
      code: "custom",
      message:
        "a number of proxies (0 for none) or addresses, subnets, loopback, linklocal or uniquelocal separated by commas",
    });
    return z.NEVER;
  });
const coordinate = z.coerce.number().optional();

/**
 * EXTRA_ORIGINS: other origins the site is also reached at (https://example.co.uk beside SITE_URL's
 * https://www.example.co.uk), comma-separated. Forms may be posted from them and their hosts are answered.
 */
const extraOrigins = z
  .string()
  .trim()
  .default("")
  .transform((value, context): string[] => {
    const origins: string[] = [];
    for (const entry of value.split(",").map((part) => part.trim())) {
      if (!entry) continue;
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      const bare = url && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      if (!url || !/^https?:$/.test(url.protocol) || !bare) {
        context.addIssue({ code: "custom", message: `"${entry}" is not an origin like https://example.co.uk` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  EXTRA_ORIGINS: extraOrigins,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
  IMAP_MAILBOX: z.string().trim().min(1).max(200).default("INBOX"),
  IMAP_AUTHSERV_ID: z.string().trim().min(1).max(255).optional(),
  QUOTE_NOTIFY_TO: z.email().optional(),
  QUOTE_FORWARD_URL: z.url({ protocol: /^https?$/ }).optional(),
  QUOTATION_VALIDITY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  QUOTATION_PAYMENT_TERMS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default("Account customers: 30 days from the date of invoice. Otherwise: payment with order."),
  QUOTATION_DELIVERY_TERMS: z.string().trim().min(1).max(300).default(defaultDeliveryTerms),
  QUOTATION_VAT_RATE: z.coerce.number().min(0).max(99.99).default(20),
  QUOTATION_CHASE_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  QUOTATION_EXPIRY_NOTICE_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  XERO_SALES_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,10}$/, "an account code as Xero shows it, like 200")
    .default("200"),
  XERO_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  S3_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  DESK_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  DESK_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  DESK_SECRET_PREVIOUS: z.string().trim().min(32, "must be at least 32 characters").optional(),
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_MS: milliseconds(120_000, 1000, 600_000),
  HEADERS_TIMEOUT_MS: milliseconds(10_000, 1000, 600_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(5000, 1000, 600_000),
  MIN_REQUEST_BODY_RATE: z.coerce.number().int().min(0).max(10_000_000).default(240),
  MIN_REQUEST_BODY_RATE_GRACE_MS: milliseconds(5000, 100, 600_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000, 1000, 600_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SITE_NAME: optionalText,
  SITE_PHONE: optionalText,
  SITE_PHONE_TEL: optionalText,
  SITE_OUT_OF_HOURS_PHONE: optionalText,
  SITE_EMAIL: optionalText,
  SITE_TRADE_COUNTER: optionalText,
  SITE_STREET_ADDRESS: optionalText,
  SITE_LOCALITY: optionalText,
  SITE_REGION: optionalText,
  SITE_POSTCODE: optionalText,
  /** Comma-separated profile URLs. */
  SITE_SAME_AS: optionalText,
  SITE_LAT: coordinate,
  SITE_LNG: coordinate,
  SITE_REGISTERED_NAME: optionalText,
  SITE_REGISTERED_IN: optionalText,
  SITE_REGISTERED_OFFICE: optionalText,
  SITE_COMPANY_NUMBER: optionalText,
  SITE_VAT_NUMBER: optionalText,
  SITE_HOURS_WEEKDAYS: optionalText,
  SITE_HOURS_SATURDAY: optionalText,
  SITE_CLOSURES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseClosures(text ?? "");
      if ("ranges" in parsed) return parsed.ranges;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});

const siteVariables: Record<string, string> = {
  name: "SITE_NAME",
  phoneDisplay: "SITE_PHONE",
  phoneTel: "SITE_PHONE_TEL",
  outOfHoursPhone: "SITE_OUT_OF_HOURS_PHONE",
  email: "SITE_EMAIL",
  "tradeCounter.label": "SITE_TRADE_COUNTER",
  url: "SITE_URL",
  "tradeCounter.streetAddress": "SITE_STREET_ADDRESS",
  "tradeCounter.locality": "SITE_LOCALITY",
  "tradeCounter.region": "SITE_REGION",
  "tradeCounter.postcode": "SITE_POSTCODE",
  "tradeCounter.lat": "SITE_LAT",
  "tradeCounter.lng": "SITE_LNG",
  registeredName: "SITE_REGISTERED_NAME",
  registeredIn: "SITE_REGISTERED_IN",
  registeredOffice: "SITE_REGISTERED_OFFICE",
  companyNumber: "SITE_COMPANY_NUMBER",
  vatNumber: "SITE_VAT_NUMBER",
  "hours.weekdays": "SITE_HOURS_WEEKDAYS",
  "hours.saturday": "SITE_HOURS_SATURDAY",
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Names the variable behind an identity field; list entries (sameAs.0) are reported by their variable. */
const variableOf = (path: string) => siteVariables[path] ?? (path.startsWith("sameAs") ? "SITE_SAME_AS" : path);

function describeIssues(issues: z.core.$ZodIssue[], nameOf: (path: string) => string) {
  return issues.map((issue) => `${nameOf(issue.path.join("."))}: ${issue.message}`).join("; ");
}

/** The company's identity from the SITE_* variables, each unset one taken from the defaults, then checked whole. */
function siteFrom(e: z.infer<typeof envSchema>) {
  const candidate: Site = {
    ...defaultSite,
    name: e.SITE_NAME ?? defaultSite.name,
    url: new URL(e.SITE_URL).origin,
    phoneDisplay: e.SITE_PHONE ?? defaultSite.phoneDisplay,
    phoneTel: e.SITE_PHONE_TEL ?? defaultSite.phoneTel,
    ...(e.SITE_OUT_OF_HOURS_PHONE ? { outOfHoursPhone: e.SITE_OUT_OF_HOURS_PHONE } : {}),
    email: e.SITE_EMAIL ?? defaultSite.email,
    tradeCounter: {
      label: e.SITE_TRADE_COUNTER ?? defaultSite.tradeCounter.label,
      streetAddress: e.SITE_STREET_ADDRESS ?? defaultSite.tradeCounter.streetAddress,
      locality: e.SITE_LOCALITY ?? defaultSite.tradeCounter.locality,
      region: e.SITE_REGION ?? defaultSite.tradeCounter.region,
      postcode: e.SITE_POSTCODE ?? defaultSite.tradeCounter.postcode,
      lat: e.SITE_LAT ?? defaultSite.tradeCounter.lat,
      lng: e.SITE_LNG ?? defaultSite.tradeCounter.lng,
    },
    sameAs: e.SITE_SAME_AS?.split(",").flatMap((entry) => entry.trim() || []) ?? defaultSite.sameAs,
    registeredName: e.SITE_REGISTERED_NAME ?? defaultSite.registeredName,
    // Checked against the three parts of the UK by the site schema below.
    registeredIn: (e.SITE_REGISTERED_IN ?? defaultSite.registeredIn) as Site["registeredIn"],
    registeredOffice: e.SITE_REGISTERED_OFFICE ?? defaultSite.registeredOffice,
    companyNumber: e.SITE_COMPANY_NUMBER ?? defaultSite.companyNumber,
    vatNumber: e.SITE_VAT_NUMBER ?? defaultSite.vatNumber,
    hours: {
      weekdays: e.SITE_HOURS_WEEKDAYS ?? defaultSite.hours.weekdays,
      saturday: e.SITE_HOURS_SATURDAY ?? defaultSite.hours.saturday,
    },
  };
  const site = siteSchema.safeParse(candidate);
  if (!site.success) {
    throw new ConfigError(`Invalid configuration: ${describeIssues(site.error.issues, variableOf)}`);
  }
  return site.data;
}

/** Reads and validates the environment. Throws a ConfigError naming every offending variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "not set", as shells and process managers often export them that way.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema
    .refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, {
      path: ["HEADERS_TIMEOUT_MS"],
      message: "must not be longer than REQUEST_TIMEOUT_MS",
    })
    .safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error.issues, (p) => p)}`);
  }
  const e = parsed.data;
  const site = siteFrom(e);
  if (e.S3_URL && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid configuration: S3_URL needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    siteUrl: site.url,
    /** Origins besides SITE_URL's that forms may come from and whose hosts are answered. */
    extraOrigins: e.EXTRA_ORIGINS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    /** The sales mailbox the buyers' answers are read from; without it, DATA_DIR/inbox. */
    imap: e.IMAP_URL ? { url: e.IMAP_URL, mailbox: e.IMAP_MAILBOX } : undefined,
    /** The receiving mail server's name in its Authentication-Results headers: only its own are believed. */
    mailAuthservId: e.IMAP_AUTHSERV_ID,
    quoteNotifyTo: e.QUOTE_NOTIFY_TO ?? site.email,
    quoteForwardUrl: e.QUOTE_FORWARD_URL,
    quoteRateLimit: e.QUOTE_RATE_LIMIT,
    deskAuthRateLimit: e.DESK_AUTH_RATE_LIMIT,
    deskSecret: e.DESK_SECRET,
    deskSecretPrevious: e.DESK_SECRET_PREVIOUS,
    /** Attachments go to this bucket when set, else to DATA_DIR/uploads. */
    s3:
      e.S3_URL && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            url: e.S3_URL,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      minimumBodyRate: { bytesPerSecond: e.MIN_REQUEST_BODY_RATE, graceMs: e.MIN_REQUEST_BODY_RATE_GRACE_MS },
      maxConnections: e.MAX_CONNECTIONS,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    /** Defaults for a new quotation; staff can change each on the quotation. */
    quotation: {
      validityDays: e.QUOTATION_VALIDITY_DAYS,
      paymentTerms: e.QUOTATION_PAYMENT_TERMS,
      deliveryTerms: e.QUOTATION_DELIVERY_TERMS,
      vatRate: String(e.QUOTATION_VAT_RATE),
      /** Working days from sending a revision (or a snooze) to the next contact with the buyer. */
      chaseDays: e.QUOTATION_CHASE_DAYS,
      /** Working days before a quotation's validity ends that its owner is told. */
      expiryNoticeDays: e.QUOTATION_EXPIRY_NOTICE_DAYS,
    },
    /** The won orders' export for the accounts (Xero's sales invoice import). */
    accounts: { salesAccount: e.XERO_SALES_ACCOUNT, dueDays: e.XERO_DUE_DAYS },
    site,
    closures: e.SITE_CLOSURES,
  };
}

export type Config = ReturnType<typeof readConfig>;

let cached: Config | undefined;

/** The process-wide configuration, read once. */
export function getConfig() {
  cached ??= readConfig();
  return cached;
}
