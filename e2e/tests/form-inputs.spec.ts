import type { Page } from '@playwright/test';
import { apiAs } from '../api.ts';
import { expect, signIn, test, textField } from '../fixtures.ts';
import { localPhone, uniqueMobile } from '../phones.ts';

// How the fields of every form behave: pickers, phone numbers, limits, and errors shown together.

test.use({ viewport: { width: 1280, height: 800 } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The demo admin's bearer header, for the API calls that prepare a test's data. */
/** Types into a picker and answers the options it then offers. */
async function typeInPicker(page: Page, name: string | RegExp, text: string) {
  const picker = page.getByRole('combobox', { name });
  await picker.click();
  await picker.fill(text);
  return page.getByRole('listbox').getByRole('option');
}

test('pickers find what is typed without its accents', async ({ page, axe }) => {
  // Three pages and axe: more than the default 30 s when the machine is busy.
  test.setTimeout(60_000);
  // The client of a new supervisor: "theriault" is Béton Thériault inc.
  await signIn(page, 'admin', '/supervisor/create');
  const clients = await typeInPicker(page, 'Client', 'theriault');
  await expect(clients.filter({ hasText: 'Béton Thériault inc.' })).toBeVisible();
  await axe('supervisor form, client picker open');

  // The skill filter of the employees list and the employee form's "Ajouter une compétence".
  await page.goto('/employees');
  await expect(await typeInPicker(page, 'Compétence', 'echafaud')).toHaveText(['Échafaudage']);
  await page.keyboard.press('Escape');
  await page.goto('/employees/create');
  await expect(await typeInPicker(page, 'Ajouter une compétence', 'ECHAFAUD')).toHaveText(['Échafaudage']);
});

test('a stored phone number shows as written, and typing over it after Tab replaces it', async ({
  page,
  request,
  axe,
}) => {
  // Numbers of this run alone: a mobile is one active person's.
  const first = uniqueMobile('514');
  const second = uniqueMobile('438');
  const { id } = await apiAs(request, 'admin').call('POST /employees', {
    body: {
      employeeNumber: `TAB-${unique()}`,
      firstName: 'Nadia',
      lastName: 'Tabarnak',
      phone: localPhone(first),
      invitationChannel: 'none',
    },
  });

  await signIn(page, 'admin', `/employees/${id}`);
  await expect(page.getByRole('link', { name: localPhone(first) })).toHaveAttribute('href', `tel:${first}`);

  await page.goto(`/employees/edit/${id}`);
  const phone = textField(page, /^Cellulaire/);
  await expect(phone).toHaveValue(localPhone(first));
  // Tab from the field before it: the number is selected, and what is typed replaces it.
  await page.getByRole('textbox', { name: /^Nom de famille/ }).focus();
  await page.keyboard.press('Tab');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue(localPhone(first));
  await page.keyboard.type(second.slice(2));
  await expect(phone).toHaveValue(second.slice(2));
  await page.keyboard.press('Tab');
  await expect(phone).toHaveValue(localPhone(second));
  await axe('employee form, phone edited');

  await page.getByTestId('form-save').click();
  await expect(page.getByRole('link', { name: localPhone(second) })).toHaveAttribute('href', `tel:${second}`);
});

test('every problem of a form shows at once, each with its own message', async ({ page, axe }) => {
  // Several pages and axe runs: more than the default 30 s when the machine is busy.
  test.setTimeout(60_000);
  await signIn(page, 'admin', '/clients');
  await page.getByRole('cell', { name: 'Construction Bérubé & Fils' }).click();
  await page.getByTestId('site-new').click();
  const form = page.getByTestId('site-form');
  await form.getByRole('textbox', { name: 'Code postal' }).fill('zzz');
  await form.getByRole('textbox', { name: 'Début', exact: true }).fill('01/03/2031');
  await form.getByRole('textbox', { name: 'Fin', exact: true }).fill('01/02/2031');
  await form.getByRole('textbox', { name: 'Fin', exact: true }).press('Tab');
  await page.getByTestId('site-save').click();
  // The name left empty, the postal code, and the dates compared with each other: all three at once.
  await expect(form.getByText('Ce champ est requis').first()).toBeVisible();
  await expect(form.getByText('Code postal invalide (ex. : H2X 1Y4)')).toBeVisible();
  await expect(form.getByText('La date de fin ne peut pas être avant la date de début')).toBeVisible();
  await axe('site form with every error');
  await page.getByTestId('site-cancel').click();

  // An empty e-mail is required, not invalid.
  await page.goto('/supervisor/create');
  await page.getByTestId('form-save').click();
  const email = textField(page, /^Courriel/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Ce champ est requis/);
  await expect(page.getByText('Courriel invalide')).toHaveCount(0);
  await email.fill('pas-un-courriel');
  await email.press('Tab');
  await expect(page.getByText('Courriel invalide')).toBeVisible();
});

test('a name near its limit shows a counter; a longer paste is kept whole and refused with the limit', async ({
  page,
  axe,
}) => {
  await signIn(page, 'admin', '/skills/create');
  const name = textField(page, 'Nom en français');
  const counter = page.getByTestId('length-counter');

  await name.fill('a'.repeat(100));
  await expect(counter).toHaveCount(0);
  await name.fill('a'.repeat(118));
  await expect(counter).toHaveText('118/120');
  await axe('skill form near the limit');

  // Put in at once, as a paste is: nothing is cut off (a `maxlength` attribute would cut it).
  await name.fill('b'.repeat(130));
  await expect(name).toHaveValue('b'.repeat(130));
  await expect(counter).toHaveText('130/120');
  await name.press('Tab');
  await expect(page.getByText('120 caractères maximum')).toBeVisible();
});

test('the filters popover opens on its panel, not on its first list', async ({ page, axe }) => {
  await signIn(page, 'admin', '/employees');
  await page.getByTestId('list-more-filters').click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('combobox', { name: 'Outil' })).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(panel.getByRole('combobox').first()).not.toBeFocused();
  await axe('employees list, filters open');
  // Tab goes on to the first filter.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('combobox', { name: 'Outil' })).toBeFocused();
});
