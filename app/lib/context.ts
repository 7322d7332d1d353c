import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";
import type { Services } from "#server/services.server.ts";

export type { Services };

/**
 * Prerendering has no request, so pages are built with this stand-in nonce; the build removes it and lists
 * the hash of each inline script instead (scripts/precompress.js). Server-rendered pages get a fresh nonce.
 */
export const PRERENDER_NONCE = "cHJlcmVuZGVyLW5vbmNl";

export const nonceContext = createContext<string>(PRERENDER_NONCE);

const NonceReactContext = createReactContext("");
export const NonceProvider = NonceReactContext.Provider;
export const useNonce = () => useContext(NonceReactContext);

/** The client's address as the server sees it (behind trusted proxies), for rate limiting. */
export const clientAddressContext = createContext<string | undefined>(undefined);

/** The database, rate limiter and outbox: handed in by the server (or a test) for every request. */
export const servicesContext = createContext<Services>();
