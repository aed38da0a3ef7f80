import type { APIRequestContext, Page } from '@playwright/test';
import {
  accounts,
  confirmDeleteWithoutRefetch,
  demoPassword,
  expect,
  expectFitsWidth,
  signIn,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';

// Whole flows (sign-in, several pages, axe on each): more than the default 30 s on a busy machine.
test.slow();

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const search = (page: Page) => page.getByTestId('list-search');
const save = (page: Page) => page.getByTestId('form-save');
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function createSkill(
  page: Page,
  nameFr: string,
  nameEn: string,
  flags: { important?: boolean; expirable?: boolean } = {},
) {
  await page.goto('/skills/create');
  await expect(heading(page, 'Nouvelle compétence')).toBeVisible();
  await textField(page, 'Nom en français').fill(nameFr);
  await textField(page, 'Nom en anglais').fill(nameEn);
  if (flags.expirable) await page.getByRole('switch', { name: 'Expirable' }).check({ force: true });
  if (flags.important) await page.getByRole('switch', { name: 'Importante' }).check({ force: true });
  await save(page).click();
  await expect(toastWith(page, 'Compétence créée.')).toBeVisible();
  await expect(heading(page, nameFr)).toBeVisible();
}

/** As the demo admin, through the API: a skill that does not expire, held by a new employee. */
async function heldSkillThroughApi(request: APIRequestContext, tag: string) {
  const signedIn = await request.post('/api/login', {
    data: { email: accounts.admin.email, password: demoPassword() },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await signedIn.json()).token}` };
  const skill = await request.post('/api/skills', {
    headers,
    data: { nameFr: `Espace clos ${tag}`, nameEn: `Confined space ${tag}`, expirable: false },
  });
  expect(skill.status(), await skill.text()).toBe(201);
  const { id: skillId } = (await skill.json()) as { id: string };
  const employee = await request.post('/api/employees', {
    headers,
    data: {
      employeeNumber: `ESP-${tag}`,
      firstName: 'Rosalie',
      lastName: `Gauthier ${tag}`,
      invitationChannel: 'none',
      skills: [{ skillId, obtainedOn: '2022-04-01' }],
    },
  });
  expect(employee.status(), await employee.text()).toBe(201);
  return { skillId, employeeId: ((await employee.json()) as { id: string }).id };
}

async function createTool(page: Page, nameFr: string, nameEn: string, description = '') {
  await page.goto('/tools/create');
  await expect(heading(page, 'Nouvel outil')).toBeVisible();
  await textField(page, 'Nom en français').fill(nameFr);
  await textField(page, 'Nom en anglais').fill(nameEn);
  if (description) await textField(page, /^Description/).fill(description);
  await save(page).click();
  await expect(toastWith(page, 'Outil créé.')).toBeVisible();
  await expect(heading(page, nameFr)).toBeVisible();
}

test.describe('skills at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('list of the demo skills, searched without accents, with filters in the URL', async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin', '/skills');
    await expect(heading(page, 'Compétences')).toBeVisible();
    await expect(page.getByRole('row', { name: /Nacelle élévatrice/ })).toBeVisible();
    await axe('skills list');

    await search(page).fill('ECHAFAUDAGE');
    await expect(page).toHaveURL(/q=ECHAFAUDAGE/);
    const row = page.getByRole('row', { name: /Échafaudage/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Scaffolding');
    await expect(page.getByRole('row', { name: /Nacelle/ })).toHaveCount(0);

    await search(page).fill('');
    await page.getByRole('combobox', { name: 'Importante' }).click();
    await page.getByRole('option', { name: 'Importantes', exact: true }).click();
    await expect(page).toHaveURL(/important=true/);
    await expect(page.getByRole('row', { name: /SIMDUT 2015/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Nacelle/ })).toHaveCount(0);
  });

  test('create (errors beside the fields, unique names), edit, then delete', async ({ page, axe }) => {
    const tag = unique();
    const nameFr = `Grutage ${tag}`;
    const nameEn = `Rigging ${tag}`;
    await signIn(page, 'admin', '/skills/create');
    await axe('skill create');

    // Missing English name: refused beside the field, what was typed stays.
    await textField(page, 'Nom en français').fill(nameFr);
    await save(page).click();
    await expect(page.getByText('Ce champ est requis')).toBeVisible();
    await expect(textField(page, 'Nom en français')).toHaveValue(nameFr);

    // A name another skill has (other case): 409 shown under that field.
    await textField(page, 'Nom en anglais').fill('forklift');
    await save(page).click();
    await expect(page.getByText('Le nom doit être unique.')).toBeVisible();
    await expect(textField(page, 'Nom en français')).toHaveValue(nameFr);

    await textField(page, 'Nom en anglais').fill(nameEn);
    await page.getByRole('switch', { name: 'Expirable' }).check({ force: true });
    await save(page).click();
    await expect(toastWith(page, 'Compétence créée.')).toBeVisible();
    await expect(heading(page, nameFr)).toBeVisible();
    await expect(page.getByText('Aucun employé ne détient cette compétence.')).toBeVisible();
    await axe('skill detail');

    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(heading(page, /Modifier la compétence/)).toBeVisible();
    await axe('skill edit');
    await page.getByRole('switch', { name: 'Importante' }).check({ force: true });
    await save(page).click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(heading(page, nameFr)).toBeVisible();

    // Found by the list's search, flagged important.
    await page.goto(`/skills?q=${encodeURIComponent(`grutage ${tag}`)}`);
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toContainText('Importante');
    await expect(row).toContainText('Expirable');
    await row.click();
    await expect(heading(page, nameFr)).toBeVisible();

    // Nobody holds it: the confirmation says it will be deleted for good.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('elle sera supprimée définitivement')).toBeVisible();
    await confirmDeleteWithoutRefetch(page, '/api/skills');
    await expect(toastWith(page, 'Compétence supprimée.')).toBeVisible();
    await expect(page).toHaveURL(/\/skills$/);
    await search(page).fill(tag);
    await expect(page.getByText('Aucun résultat')).toBeVisible();
  });
});

test.describe('skill and tool holders at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"see all in Employees" opens the employees list filtered by the skill, then by the tool', async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin', '/skills?q=nacelle');
    await page.getByRole('row', { name: /Nacelle élévatrice/ }).click();
    await expect(heading(page, 'Nacelle élévatrice')).toBeVisible();
    await expect(page).toHaveTitle('Nacelle élévatrice · Brigade');
    const holders = await page
      .getByRole('table', { name: /Détenteurs/ })
      .locator('tbody tr')
      .count();
    await page.getByTestId('skill-holders-all').click();
    await expect(page).toHaveURL(/\/employees\?skillId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('combobox', { name: 'Compétence' })).toHaveValue('Nacelle élévatrice');
    await expect(page.getByRole('columnheader', { name: 'Échéance' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^1–\\d+ sur ${holders}$`))).toBeVisible();
    await axe('employees filtered by a skill');

    await page.goto('/tools?q=perceuse');
    await page.getByRole('row', { name: /Perceuse sans fil/ }).click();
    await page.getByTestId('tool-owners-all').click();
    await expect(page).toHaveURL(/\/employees\?toolId=[0-9a-f-]{36}$/);
    // The tool filter in use shows on the toolbar's row.
    await expect(page.getByRole('combobox', { name: 'Outil' })).toHaveValue('Perceuse sans fil');
    await expect(page.locator('tbody tr[data-href]').first()).toBeVisible();
    await axe('employees filtered by a tool');
  });
});

test.describe('a skill made expirable at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('warns how many hold it, then its holders show "Échéance à saisir" and still save', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const { skillId, employeeId } = await heldSkillThroughApi(request, tag);
    await signIn(page, 'admin', `/skills/edit/${skillId}`);
    await expect(heading(page, /Modifier la compétence/)).toBeVisible();
    const warning = page.getByTestId('skill-expirable-warning');
    await expect(warning).toHaveCount(0);
    await page.getByRole('switch', { name: 'Expirable' }).check({ force: true });
    await expect(warning).toHaveText(
      "1 employé détient cette compétence sans échéance : elle sera « Échéance à saisir » à son profil jusqu'à ce qu'on l'entre.",
    );
    await axe('skill edit, switching to expirable');
    await save(page).click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(heading(page, `Espace clos ${tag}`)).toBeVisible();
    const holders = page.getByRole('table', { name: /Détenteur/ });
    await expect(holders.getByRole('row', { name: new RegExp(`Gauthier ${tag}`) })).toContainText(
      'Échéance à saisir',
    );

    await page.goto(`/employees?skillId=${skillId}`);
    await expect(page.getByRole('row', { name: new RegExp(`Gauthier ${tag}`) })).toContainText(
      'Échéance à saisir',
    );
    await page.goto(`/employees/${employeeId}`);
    await expect(page.getByRole('row', { name: new RegExp(`Espace clos ${tag}`) })).toContainText(
      'Échéance à saisir',
    );
    // An unrelated edit of the holder saves: the missing date is to be entered, not required.
    await page.goto(`/employees/edit/${employeeId}`);
    await textField(page, 'Ville').fill('Lévis');
    await save(page).click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByText('Échéance requise')).toHaveCount(0);
  });
});

test.describe('tools at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('create, search by description, edit, delete', async ({ page, axe }) => {
    const tag = unique();
    const nameFr = `Meuleuse ${tag}`;
    await signIn(page, 'admin', '/tools');
    await expect(page.getByRole('row', { name: /Scie circulaire/ })).toBeVisible();
    await axe('tools list');

    await page.goto('/tools/create');
    await axe('tool create');
    await createTool(page, nameFr, `Angle grinder ${tag}`, 'Disque de 4 ½ po, protège-meule');
    await axe('tool detail');

    await page.goto('/tools');
    await search(page).fill(`protege-meule ${tag}`);
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toBeVisible();
    await row.click();
    await expect(heading(page, nameFr)).toBeVisible();

    await page.getByRole('link', { name: 'Modifier' }).click();
    await axe('tool edit');
    await textField(page, 'Nom en anglais').fill('Hard hat');
    await save(page).click();
    await expect(page.getByText('Le nom doit être unique.')).toBeVisible();
    await textField(page, 'Nom en anglais').fill(`Grinder ${tag}`);
    await save(page).click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByText(`Grinder ${tag}`)).toBeVisible();

    await page.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('il sera supprimé définitivement')).toBeVisible();
    await confirmDeleteWithoutRefetch(page, '/api/tools');
    await expect(toastWith(page, 'Outil supprimé.')).toBeVisible();
    await expect(page).toHaveURL(/\/tools$/);
  });
});

test.describe('catalog on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('create a skill and a tool, find them in their lists', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createSkill(page, `Dynamitage ${tag}`, `Blasting ${tag}`, { important: true });
    await axe('skill detail on a phone');
    await page.goto('/skills');
    await search(page).fill(`dynamitage ${tag}`);
    await expect(page.getByTestId('list-card').filter({ hasText: tag })).toBeVisible();
    await axe('skills list on a phone');

    await createTool(page, `Pistolet à calfeutrer ${tag}`, `Caulking gun ${tag}`);
    await page.goto('/tools');
    await search(page).fill(`calfeutrer ${tag}`);
    await page.getByTestId('list-card').filter({ hasText: tag }).getByRole('link').click();
    await expect(heading(page, `Pistolet à calfeutrer ${tag}`)).toBeVisible();

    // A skill's holders are cards too, nothing cut off at 360 px.
    await page.goto('/skills?q=nacelle');
    await page.getByTestId('list-card').first().getByRole('link').click();
    await expect(page.getByRole('list', { name: /Détenteurs/ })).toBeVisible();
    await axe('skill detail with holders on a phone');
    await expectFitsWidth(page, 360);
  });
});
