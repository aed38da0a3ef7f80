import type { firstScreenRequests, startEarly } from '../../lib/earlyData.ts';
import type { StoredSession } from '../../lib/startTranslations.ts';

/**
 * The signed-in page's frame, drawn by a few lines inlined in index.html before any of the app's
 * scripts has arrived: the header, the side menu's place and the page's title, in the person's
 * language, with placeholder blocks under it. React replaces it with the real page.
 *
 * Why: on a phone on a slow network, the app's code takes seconds to arrive and start; until then
 * the person saw a logo. Now they see the screen they asked for (its title, where it will be), as
 * soon as the stylesheet is there. Everything it needs is in the page or the browser already: the
 * path, and the session and language the app keeps in localStorage (lib/auth.ts, lib/i18n.ts).
 *
 * `shellMarkup`, `paintShell`, `tabTitle` and lib/earlyData.ts's two are serialised into the page
 * (shell-plugin.ts) with `Function.prototype.toString`: they must not use anything outside their
 * own bodies (no imports, no module-level helpers) and stay plain enough for any browser the app
 * runs in.
 */

/** One route of the route table, as the inlined script reads it. */
export interface ShellRoute {
  /** A regular expression source matching the whole pathname (`^/employees/[^/]+$`). */
  pattern: string;
  /** The roles that may open it, comma-separated. */
  roles: string;
  /** The page title in each language. */
  title: Record<ShellLanguage, string>;
}

export type ShellLanguage = 'fr' | 'en';

export interface ShellData {
  /** Most specific first (static segments before parameters), as the router ranks them. */
  routes: ShellRoute[];
  /** The app's version, sent with the first screen's requests (lib/earlyData.ts). */
  version: string;
  text: Record<ShellLanguage, { greeting: string; loading: string }>;
}

/** What the browser keeps for the app (localStorage values, null when absent). */
export type ShellStorage = StoredSession;

export interface ShellPaint {
  lang: ShellLanguage;
  role: string;
  /** The page's title (the tab shows it as the router does, with `tabTitle`). */
  title: string;
  html: string;
}

/**
 * The frame for `pathname` and the stored session; null when there is no session or the route is
 * not one this person may open (the splash stays; the app then sends them where they belong).
 */
export function shellMarkup(data: ShellData, storage: ShellStorage, pathname: string): ShellPaint | null {
  if (!storage.token || !storage.user) return null;
  let user: { role?: unknown; firstName?: unknown; lastName?: unknown; language?: unknown };
  try {
    user = JSON.parse(storage.user);
  } catch {
    return null;
  }
  if (!user || typeof user.role !== 'string') return null;
  const role = user.role;
  const path = pathname.replace(/\/+$/, '') || '/';
  let route: ShellRoute | undefined;
  for (const candidate of data.routes) {
    if (new RegExp(candidate.pattern).test(path)) {
      route = candidate;
      break;
    }
  }
  if (!route || route.roles.split(',').indexOf(role) < 0) return null;

  // The app's own choice (lib/i18n.ts): the user's language, else the device's last pick, else French.
  const lang: ShellLanguage =
    user.language === 'en' || user.language === 'fr'
      ? user.language
      : storage.language === 'en'
        ? 'en'
        : 'fr';
  const asText = (value: unknown) =>
    String(value ?? '').replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const text = data.text[lang];
  const admin = role === 'admin';
  const firstName = asText(user.firstName);
  const fullName = `${firstName} ${asText(user.lastName)}`.trim();
  const languages = ['fr', 'en']
    .map((code) => `<span${code === lang ? ' data-on' : ''}>${code.toUpperCase()}</span>`)
    .join('');
  const brand =
    '<span class="shell-brand"><svg width="26" height="26" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#b93d0b"/><path d="M14 40h36v6H14zM18 40c0-9 6-16 14-16s14 7 14 16h-6c0-6-4-11-8-11s-8 5-8 11z" fill="#fff"/><path d="M29 18h6v10h-6z" fill="#fff"/></svg><span>Brigade</span></span>';
  const logout =
    '<span class="shell-logout"><svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2"/><path d="M9 12h12l-3 -3"/><path d="M18 15l3 -3"/></svg></span>';
  const header = admin
    ? `<span class="shell-start"><span class="shell-burger"><i></i><i></i><i></i></span>${brand}</span><span class="shell-lang">${languages}</span>`
    : `${brand}<span class="shell-end"><span class="shell-user">${fullName}</span><span class="shell-lang">${languages}</span>${logout}</span>`;
  const nav = admin
    ? `<div class="shell-nav"><div class="shell-greeting">${asText(text.greeting.replace('{{firstName}}', String(user.firstName ?? '')))}</div></div>`
    : '';
  const blocks = '<div class="shell-block"></div>'.repeat(4);
  const html =
    `<div class="shell" aria-hidden="true"${admin ? ' data-menu' : ''}>` +
    `<div class="shell-header">${header}</div>${nav}` +
    `<div class="shell-main"><div class="shell-title">${asText(route.title[lang])}</div>` +
    `<div class="shell-bar"></div>${blocks}</div></div>` +
    `<span class="shell-status" role="status">${asText(text.loading)}</span>`;
  return { lang, role, title: route.title[lang], html };
}

/**
 * Runs in the page, before the app's scripts: draws the frame in place of the splash. Its helpers
 * come as arguments (they are serialised beside it): `markup` is `shellMarkup`, `tabTitle` the
 * router's (lib/documentTitle.ts).
 */
export function paintShell(
  data: ShellData,
  markup: typeof shellMarkup,
  tabTitle: (title: string) => string,
  requests: typeof firstScreenRequests,
  early: typeof startEarly,
): void {
  try {
    const token = localStorage.getItem('brigade.token');
    const paint = markup(
      data,
      {
        token,
        user: localStorage.getItem('brigade.user'),
        language: localStorage.getItem('brigade.language'),
      },
      location.pathname,
    );
    const root = document.getElementById('root');
    if (!paint || !root) return;
    document.documentElement.lang = paint.lang;
    document.title = tabTitle(paint.title);
    root.innerHTML = paint.html;
    // The browser's date and number formatting (ICU) loads its data with the first formatter made,
    // a task of 90 ms on a phone's slowed CPU that the app's first screen would otherwise run on its
    // way to drawing (today's date in Montréal, the hours). Made here, once the frame is painted,
    // it runs while the phone still waits for the app's scripts.
    // Today in Montréal is also what the first screen's data is asked for (lib/earlyData.ts).
    setTimeout(() => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format();
      new Intl.NumberFormat(`${paint.lang}-CA`).format(1);
      const urls = requests(location.pathname, location.search, paint.role, today);
      if (token && urls.length) early(urls, token, data.version);
    }, 0);
  } catch {
    // Storage unavailable (private mode): the splash stays.
  }
}
