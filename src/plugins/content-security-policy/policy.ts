import {createHash} from 'node:crypto';

/** The site's Content-Security-Policy as data: pure functions, unit-tested without a build. */

export type Directive = keyof typeof BASE_SOURCES;

export type Sources = Partial<Record<Directive, readonly string[]>>;

export type PolicyOptions = {
  /** Algolia application id when search runs on Algolia; absent in local search mode. */
  algoliaAppId?: string;
  /** Whether a Google Tag Manager container is configured (GTM_CONTAINER_ID). */
  tagManager?: boolean;
  /** Further origins per directive, for a third-party service the site starts using. */
  extraSources?: Sources;
};

/** Keywords no directive of this site may carry: each would reopen what the policy exists to close. */
const FORBIDDEN_SCRIPT_SOURCES = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'wasm-unsafe-eval'",
  '*',
  'data:',
  'blob:',
];

/** Hosts DocSearch queries: `<app>-dsn.algolia.net`, with `<app>-1|2|3.algolianet.com` as fallbacks. */
export function algoliaHosts(appId: string): string[] {
  if (!/^[A-Za-z0-9]+$/.test(appId)) {
    throw new Error(
      `content-security-policy: the Algolia application id ${JSON.stringify(appId)} is not alphanumeric.`,
    );
  }
  const app = appId.toLowerCase();
  return [`https://${app}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${app}-${n}.algolianet.com`)];
}

/** What Google Tag Manager with a Google Analytics 4 tag loads, per Google's CSP guidance. */
const TAG_MANAGER_SOURCES: Sources = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  'connect-src': [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  'frame-src': ['https://www.googletagmanager.com'],
};

/**
 * The policy every page shares, in the order it is written. `frame-ancestors`,
 * `report-uri` and `sandbox` are not among them: a `<meta>` policy cannot carry them.
 */
const BASE_SOURCES = {
  'default-src': ["'self'"],
  // 'report-sample' puts the start of a refused inline script into the violation report.
  'script-src': ["'self'", "'report-sample'"],
  // 'unsafe-inline' for styles: React writes `style` attributes, whose values hashes cannot
  // cover as React computes them at run time, and styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: for the icons Infima's stylesheet draws as inline SVG (menu carets, breadcrumbs).
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'manifest-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const DIRECTIVES = Object.keys(BASE_SOURCES) as Directive[];

/** The policy every page shares, before the hashes of its own inline scripts are added. */
export function baseSources(options: PolicyOptions = {}): Sources {
  const sources = structuredClone(BASE_SOURCES) as Record<Directive, string[]>;
  if (options.algoliaAppId) sources['connect-src'].push(...algoliaHosts(options.algoliaAppId));
  if (options.tagManager) addSources(sources, TAG_MANAGER_SOURCES);
  if (options.extraSources) addSources(sources, options.extraSources);
  const forbidden = sources['script-src'].filter((source) => FORBIDDEN_SCRIPT_SOURCES.includes(source));
  if (forbidden.length) {
    throw new Error(
      `content-security-policy: script-src may not contain ${forbidden.join(', ')}; ` +
        'inline scripts are allowed by their hashes, which the plugin computes from the built pages.',
    );
  }
  return sources;
}

function addSources(target: Record<Directive, string[]>, extra: Sources) {
  for (const [directive, values] of Object.entries(extra)) {
    if (!(DIRECTIVES as readonly string[]).includes(directive)) {
      throw new Error(
        `content-security-policy: unknown directive "${directive}" (known: ${DIRECTIVES.join(', ')}).`,
      );
    }
    const list = target[directive as Directive];
    // A real source replaces 'none'; 'none' with anything else is invalid and browsers ignore the list.
    if (list.length === 1 && list[0] === "'none'") list.length = 0;
    for (const value of values ?? []) {
      if (/[\s;,]/.test(value) || value === '') {
        throw new Error(
          `content-security-policy: "${value}" in ${directive} is not a single source expression.`,
        );
      }
      if (!list.includes(value)) list.push(value);
    }
  }
}

/** The CSP hash source of an inline script: SHA-256 of its text as UTF-8, as browsers compute it. */
export function scriptHashSource(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/** The policy of one page: the shared sources plus a hash for each of its inline scripts. */
export function pagePolicy(base: Sources, inlineScripts: readonly string[]): string {
  const hashes = [...new Set(inlineScripts.map(scriptHashSource))];
  return DIRECTIVES.filter((directive) => base[directive]?.length)
    .map((directive) => {
      const values = directive === 'script-src' ? [...base[directive]!, ...hashes] : base[directive]!;
      return `${directive} ${values.join(' ')}`;
    })
    .join('; ');
}
