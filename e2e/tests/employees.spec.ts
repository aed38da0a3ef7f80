import type { Page } from '@playwright/test';
import {
  confirmDeleteWithoutRefetch,
  expect,
  expectFitsWidth,
  signIn,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';
import { localPhone, uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An expirable skill and a tool of the demo catalog (seedCatalog). */
const expirableSkill = 'Travail en hauteur / Protection contre les chutes';
const permanentSkill = 'Soudage';
const tool = 'Perceuse sans fil';

async function choose(page: Page, label: string | RegExp, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(option.slice(0, 8));
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  // By keyboard, not by pointer: on a busy machine the list can still be settling in place, and a
  // click meant for an option once landed on the form under it, which closed the list (CI).
  for (let step = 0; step < 30 && (await wanted.getAttribute('data-combobox-selected')) === null; step++)
    await select.press('ArrowDown');
  await select.press('Enter');
}

async function fillBasics(page: Page, person: { number: string; firstName: string; lastName: string }) {
  await textField(page, /^Numéro d'employé/).fill(person.number);
  await textField(page, /^Prénom/).fill(person.firstName);
  await textField(page, /^Nom de famille/).fill(person.lastName);
}

/**
 * Creates an employee through the form (no invitation) and lands on their detail page; `fill`
 * fills in more of the form before it is saved.
 */
async function createEmployee(
  page: Page,
  person: { number: string; firstName: string; lastName: string },
  fill?: (page: Page) => Promise<void>,
) {
  await page.goto('/employees/create');
  await fillBasics(page, person);
  // A mobile of their own: a number is one active person's.
  await textField(page, /^Cellulaire/).fill(localPhone(uniqueMobile()));
  await fill?.(page);
  await page.getByLabel('Ne pas envoyer').check();
  await page.getByTestId('form-save').click();
  await expect(toastWith(page, 'Employé créé.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` }),
  ).toBeVisible();
}

test.describe('employees at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });

  test('create with skills and tools; bad input is refused beside the field and kept', async ({
    page,
    axe,
  }) => {
    const tag = unique();
    await signIn(page, 'admin', '/employees/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvel employé' })).toBeVisible();
    // The next free number is suggested.
    await expect(textField(page, /^Numéro d'employé/)).toHaveValue(/^E-\d+$/);
    await axe('employee create');

    // Save at the bottom of the long form with a missing name: the field is brought into view and focused.
    await textField(page, /^Prénom/).fill('Mélanie');
    await page.getByTestId('form-save').scrollIntoViewIfNeeded();
    await expect(textField(page, /^Nom de famille/)).not.toBeInViewport();
    await page.getByTestId('form-save').click();
    await expect(textField(page, /^Nom de famille/)).toBeFocused();
    await expect(textField(page, /^Nom de famille/)).toBeInViewport();

    // Missing names and a bad phone: messages beside the fields, what was typed stays.
    await textField(page, /^Cellulaire/).fill('123');
    await textField(page, /^Ville/).fill('Saint-Jérôme');
    await page.getByTestId('form-save').click();
    await expect(page.getByText('Numéro de téléphone invalide')).toBeVisible();
    await expect(page.getByText('Ce champ est requis').first()).toBeVisible();
    await expect(textField(page, /^Ville/)).toHaveValue('Saint-Jérôme');

    await fillBasics(page, { number: `E-${tag}`, firstName: 'Mélanie', lastName: `Thériault ${tag}` });
    const mobile = uniqueMobile('514');
    await textField(page, /^Cellulaire/).fill(localPhone(mobile));
    await choose(page, 'Ajouter une compétence', expirableSkill);
    await choose(page, 'Ajouter une compétence', permanentSkill);
    await expect(page.getByTestId('employee-skill-row')).toHaveCount(2);
    await choose(page, 'Outils possédés', tool);
    await page.keyboard.press('Escape');

    // An expirable skill's date may wait (it shows as to be entered); this one is known.
    const expirableRow = page.getByTestId('employee-skill-row').filter({ hasText: expirableSkill });
    await expect(expirableRow.getByText('Échéance à saisir')).toBeVisible();
    const expiry = expirableRow.getByRole('textbox', { name: /^Échéance/ });
    await expiry.fill('15/03/2031');
    await expiry.press('Tab');
    await expect(expirableRow.getByText('Échéance à saisir')).toHaveCount(0);

    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Employé créé.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Mélanie Thériault ${tag}` })).toBeVisible();
    await expect(page.getByRole('link', { name: localPhone(mobile) })).toHaveAttribute(
      'href',
      `tel:${mobile}`,
    );
    const skills = page.getByTestId('employee-skills-table');
    await expect(skills.getByRole('link', { name: expirableSkill })).toBeVisible();
    await expect(skills.getByText('15/03/2031')).toBeVisible();
    // Each tool links to its page.
    await expect(page.getByRole('link', { name: tool })).toHaveAttribute('href', /^\/tools\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Invité (mot de passe à choisir)')).toBeVisible();
    await axe('employee detail');

    // The same number again: refused beside the field.
    await page.goto('/employees/create');
    await fillBasics(page, { number: `e-${tag}`, firstName: 'Autre', lastName: `Personne ${tag}` });
    await page.getByTestId('form-save').click();
    await expect(page.getByText("Ce numéro d'employé est déjà utilisé.")).toBeVisible();
    await expect(textField(page, /^Prénom/)).toHaveValue('Autre');
  });

  test('the suggested number never goes into the number field while someone is in it', async ({ page }) => {
    // The suggestion is held back until the person is in the field, then arrives as they type.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/employees/next-number', async (route) => {
      await held;
      await route.fallback();
    });
    await signIn(page, 'admin', '/employees/create');
    const number = textField(page, /^Numéro d'employé/);
    await number.click();
    const suggested = page.waitForResponse((response) =>
      response.url().endsWith('/api/employees/next-number'),
    );
    release();
    await suggested;
    // The suggestion has come (shown as the placeholder): still not written into the field.
    await expect(number).toHaveAttribute('placeholder', /^E-\d+$/);
    await expect(number).toHaveValue('');
    await number.pressSequentially('E-777');
    await expect(number).toHaveValue('E-777');
  });

  test('search without accents finds the employee, open and edit them', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createEmployee(page, { number: `E-${tag}`, firstName: 'Hélène', lastName: `Émond${tag}` });

    await page.getByRole('link', { name: 'Employés', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Employés' })).toBeVisible();
    await expect(page.locator('tbody tr[data-href]').first()).toBeVisible();
    await axe('employees list');
    await page.getByTestId('list-search').fill(`helene emond${tag}`);
    await expect(page).toHaveURL(/q=helene/);
    const row = page.locator('tbody tr[data-href]');
    await expect(row).toHaveCount(1);
    await row.getByText(`Émond${tag}, Hélène`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Hélène Émond${tag}` })).toBeVisible();

    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(page.getByTestId('employee-form')).toBeVisible();
    await axe('employee edit');
    await textField(page, /^Ville/).fill('Gatineau');
    await page.getByRole('combobox', { name: /^Statut$/ }).click();
    await page.getByRole('option', { name: 'Assigné', exact: true }).click();
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByText('Gatineau')).toBeVisible();
    await expect(page.getByTestId('employee-status')).toHaveText('Assigné');

    // The list keeps its state in the URL: back to the list shows the same search.
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await expect(page.locator('tbody tr[data-href]')).toContainText(['Gatineau']);
  });

  test('delete an employee nothing refers to, after confirming', async ({ page }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createEmployee(page, { number: `E-${tag}`, firstName: 'Luc', lastName: `Gagné ${tag}` });
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText(`Luc Gagné ${tag} sera supprimé définitivement.`)).toBeVisible();
    // The deleted employee's page is not fetched again: no "not found" toast after "deleted".
    // The toast is looked for from the click on: on a busy machine the list can take longer to
    // answer than the toast stays on screen.
    const deleted = expect(toastWith(page, 'Employé supprimé.')).toBeVisible();
    await confirmDeleteWithoutRefetch(page, '/api/employees');
    await deleted;
    await expect(page).toHaveURL(/\/employees$/);
    await page.getByTestId('list-search').fill(`gagne ${tag}`);
    await expect(page.getByText('Aucun résultat')).toBeVisible();
  });

  test("skill filter: each one's expiry, and valid certificates only, kept in the URL", async ({
    page,
    axe,
  }) => {
    const tag = unique();
    await signIn(page, 'admin');
    // An employee whose certificate has expired: the form flags it.
    await createEmployee(
      page,
      { number: `E-${tag}`, firstName: 'Réal', lastName: `Poirier ${tag}` },
      async () => {
        await choose(page, 'Ajouter une compétence', expirableSkill);
        const row = page.getByTestId('employee-skill-row').filter({ hasText: expirableSkill });
        await row.getByRole('textbox', { name: /^Échéance/ }).fill('15/01/2020');
        await row.getByRole('textbox', { name: /^Échéance/ }).press('Tab');
        await expect(row.getByTestId('skill-expired')).toHaveText('Expirée le 15/01/2020');
      },
    );

    await page.goto(`/employees?q=${encodeURIComponent(`poirier ${tag}`)}`);
    await choose(page, 'Compétence', expirableSkill);
    await expect(page).toHaveURL(/skillId=/);
    const employee = page.locator('tbody tr[data-href]').filter({ hasText: `Poirier ${tag}, Réal` });
    await expect(page.getByRole('columnheader', { name: 'Échéance' })).toBeVisible();
    await expect(employee).toContainText('15/01/2020');
    await expect(employee).toContainText(/expirée depuis \d+ jours/);
    await axe('employees with a skill filter');

    await page.getByRole('switch', { name: 'Certificats valides seulement' }).click({ force: true });
    await expect(page).toHaveURL(/skillValid=true/);
    await expect(page.getByTestId('list-empty')).toContainText('Aucun résultat');
    // Kept in the URL: a reload shows the same list.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Certificats valides seulement' })).toBeChecked();
    await page.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.locator('tbody tr[data-href]').first()).toBeVisible();
  });
});

test.describe('employees on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.describe.configure({ timeout: 90_000 });

  test('create an employee and find them in the list', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createEmployee(page, { number: `E-${tag}`, firstName: 'Noémie', lastName: `Bélanger ${tag}` });
    await axe('employee detail (phone)');
    await page.goto('/employees');
    await page.getByTestId('list-search').fill(`belanger ${tag}`);
    // Phones get cards, not a table to scroll sideways.
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await axe('employees list (phone)');
    await page.getByTestId('list-card').getByText(`Bélanger ${tag}, Noémie`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Noémie Bélanger ${tag}` })).toBeVisible();
    await expectFitsWidth(page, 360);
  });

  test("the cards are sorted with the phone's own pickers, kept in the URL", async ({ page }) => {
    await signIn(page, 'admin');
    // The demo's employees only (E-10000 to E-10099): other tests add employees numbered otherwise.
    await page.goto('/employees?q=E-100');
    // Their numbers in the order the cards show them.
    const numbers = async () =>
      (await page.getByTestId('list-card').locator('dd').allInnerTexts())
        .filter((text) => /^E-\d+$/.test(text))
        .map((text) => Number(text.slice(2)));
    const inOrder = (order: 'asc' | 'desc') => async () => {
      const shown = await numbers();
      return (
        shown.length > 3 &&
        shown.every((n, i) => i === 0 || (order === 'asc' ? n >= shown[i - 1]! : n <= shown[i - 1]!))
      );
    };
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    // Picked one after the other without waiting: the second keeps the first.
    await page.getByLabel('Trier par').selectOption({ label: 'Numéro' });
    await page.getByLabel('Ordre').selectOption({ label: 'Décroissant' });
    await expect(page).toHaveURL(/sort=employeeNumber/);
    await expect(page).toHaveURL(/order=desc/);
    await expect.poll(inOrder('desc')).toBe(true);
    await page.getByLabel('Ordre').selectOption({ label: 'Croissant' });
    await expect.poll(inOrder('asc')).toBe(true);
    await page.reload();
    await expect(page.getByLabel('Trier par')).toHaveValue('employeeNumber');
    await expect(page.getByLabel('Ordre')).toHaveValue('asc');
  });
});

test.describe('employee home on the map', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('typed or picked on the map (tiles offline), both or neither, shown on the page, cleared', async ({
    page,
    axe,
  }) => {
    const tag = unique();
    // No map tiles (offline): a note says so, and clicks and typing still place the home.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await signIn(page, 'admin', '/employees/create');
    await fillBasics(page, { number: `E-${tag}`, firstName: 'Maëlle', lastName: `Domicile ${tag}` });
    await textField(page, /^Ville/).fill('Québec');
    const map = page.getByTestId('employee-home-map');
    await expect(map).toBeVisible();
    await expect(page.getByTestId('map-unavailable')).toContainText('La carte ne peut pas être chargée');

    // One coordinate alone is refused beside the other.
    await textField(page, /^Latitude/).fill('46.8');
    await page.getByLabel('Ne pas envoyer').check();
    await page.getByTestId('form-save').click();
    await expect(page.getByText('Indiquez la latitude et la longitude, ou aucune des deux.')).toBeVisible();

    // A click on the map places the home (the map looks at Québec, the address's city).
    await map.click({ position: { x: 300, y: 140 } });
    await expect(textField(page, /^Latitude/)).toHaveValue(/^46\.\d+/);
    await expect(textField(page, /^Longitude/)).toHaveValue(/^-71\.\d+/);
    // Typed coordinates win.
    await textField(page, /^Latitude/).fill('46.81234');
    await textField(page, /^Longitude/).fill('-71.2456');
    await axe('employee form with its map');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Employé créé.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Maëlle Domicile ${tag}` })).toBeVisible();
    await expect(page.getByTestId('employee-home')).toHaveText('46.81234, -71.24560');
    await expect(
      page.getByRole('group', { name: `Domicile de Maëlle Domicile ${tag} sur la carte` }),
    ).toBeVisible();
    await axe('employee detail with its home');

    // Cleared: no home any more.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(textField(page, /^Latitude/)).toHaveValue('46.81234');
    await page.getByRole('button', { name: "Effacer l'emplacement" }).click();
    await expect(textField(page, /^Latitude/)).toHaveValue('');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByText('Non placé sur la carte')).toBeVisible();
    await expect(page.getByTestId('employee-home-map')).toHaveCount(0);
  });
});
