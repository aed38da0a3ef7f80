import { describe, expect, it } from 'vitest';
import { buildTranslations } from '../../../i18n-plugin.ts';
import { appShell, shellRoutes } from '../../../shell-plugin.ts';
import { appRoutes, matchAppRoute } from '../../lib/routeTable.ts';
import { type ShellData, type ShellStorage, shellMarkup } from './shell.ts';

const webRoot = new URL('../../../', import.meta.url).pathname;
const translations = buildTranslations(webRoot);
const data: ShellData = {
  routes: shellRoutes(translations),
  version: '1.0.0',
  text: {
    fr: { greeting: 'Bonjour {{firstName}}', loading: 'Chargement…' },
    en: { greeting: 'Hello {{firstName}}', loading: 'Loading…' },
  },
};

const admin = { role: 'admin', firstName: 'Geneviève', lastName: 'Tremblay', language: 'fr' };
const stored = (user: object | null, extra: Partial<ShellStorage> = {}): ShellStorage => ({
  token: 'a.b.c',
  user: user === null ? null : JSON.stringify(user),
  language: null,
  ...extra,
});

describe('the frame drawn before the app loads', () => {
  it('finds, for every signed-in route, the route the router opens (same title)', () => {
    for (const route of appRoutes) {
      if (route.access === 'public' || route.redirectTo) continue;
      const path = route.path.replace(/:[^/]+/g, 'x1');
      const paint = shellMarkup(data, stored({ ...admin, role: route.access[0] }), path);
      const title = (translations.fr.titles as Record<string, string>)[
        matchAppRoute(path)!.titleKey.replace('titles.', '')
      ];
      expect(paint?.title, path).toBe(title);
    }
  });

  it("draws the admin's page in French: header, menu greeting, the page's title", () => {
    const paint = shellMarkup(data, stored(admin), '/employees');
    expect(paint).toMatchObject({ lang: 'fr', title: 'Employés' });
    expect(paint?.html).toContain('<div class="shell-title">Employés</div>');
    expect(paint?.html).toContain('Bonjour Geneviève');
    expect(paint?.html).toContain('aria-hidden="true"');
    expect(paint?.html).toContain('role="status">Chargement…');
  });

  it("follows the person's language, else the device's last choice", () => {
    expect(shellMarkup(data, stored({ ...admin, language: 'en' }), '/employees/')?.html).toContain(
      '<div class="shell-title">Employees</div>',
    );
    const noLanguage = { ...admin, language: undefined };
    expect(shellMarkup(data, stored(noLanguage, { language: 'en' }), '/employees')?.lang).toBe('en');
    expect(shellMarkup(data, stored(noLanguage), '/employees')?.lang).toBe('fr');
  });

  it('gives an employee their own header (name, no menu) on their pages', () => {
    const employee = { role: 'employee', firstName: 'Luc', lastName: 'Gagnon', language: 'fr' };
    const paint = shellMarkup(data, stored(employee), '/time-logger');
    expect(paint?.title).toBe('Saisie des heures');
    expect(paint?.html).toContain('Luc Gagnon');
    expect(paint?.html).not.toContain('shell-nav');
  });

  it('draws nothing where the app will not show that page (the splash stays)', () => {
    const employee = { role: 'employee', firstName: 'Luc', lastName: 'Gagnon' };
    expect(shellMarkup(data, stored(employee), '/employees')).toBeNull();
    expect(shellMarkup(data, stored(admin, { token: null }), '/employees')).toBeNull();
    expect(shellMarkup(data, stored(null), '/employees')).toBeNull();
    expect(shellMarkup(data, { ...stored(admin), user: '{not json' }, '/employees')).toBeNull();
    expect(shellMarkup(data, stored(admin), '/login')).toBeNull();
    expect(shellMarkup(data, stored(admin), '/no-such-page')).toBeNull();
  });

  it('writes names as text, never as markup', () => {
    const paint = shellMarkup(
      data,
      stored({ ...admin, firstName: '<img src=x onerror=alert(1)>' }),
      '/employees',
    );
    expect(paint?.html).not.toContain('<img');
    expect(paint?.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});

describe('the script inlined into index.html', () => {
  it('draws the frame into #root from what the browser keeps', () => {
    const plugin = appShell('1.0.0');
    (plugin.configResolved as (config: { root: string }) => void)({ root: webRoot });
    const html = (plugin.transformIndexHtml as (html: string) => string)(
      '<head><!-- translations-preload --></head><div id="root"></div><!-- app-shell -->',
    );
    const script = /<div id="root"><\/div><script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    // Inside a script element, only these would end it early or change how it is read.
    expect(script.toLowerCase()).not.toContain('</script');
    expect(script).not.toContain('<!--');
    const root = { innerHTML: 'splash' };
    const documentStub = { documentElement: { lang: 'fr' }, title: 'Brigade', getElementById: () => root };
    const storage = new Map([
      ['brigade.token', 'a.b.c'],
      ['brigade.user', JSON.stringify({ ...admin, language: 'en' })],
    ]);
    const localStorageStub = { getItem: (key: string) => storage.get(key) ?? null };
    new Function('localStorage', 'location', 'document', script)(
      localStorageStub,
      { pathname: '/clients' },
      documentStub,
    );
    expect(root.innerHTML).toContain('<div class="shell-title">Clients</div>');
    expect(documentStub.title).toBe('Clients · Brigade');
    expect(documentStub.documentElement.lang).toBe('en');
  });
});
