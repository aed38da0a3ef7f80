import {
  accounts,
  demoPassword,
  expect,
  passwordField,
  submitLogin,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone the login page is usable and the employee lands on the time entries', async ({
  page,
  axe,
}) => {
  await page.goto('/login');
  const email = textField(page, 'Courriel');
  const password = passwordField(page, 'Mot de passe');
  const submit = page.getByRole('button', { name: 'Se connecter' });
  for (const control of [email, password, submit]) await expect(control).toBeInViewport();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axe('login on a phone');

  await submitLogin(page, accounts.employee.email, demoPassword());
  await expect(page).toHaveURL('/time-entries');
  await expect(toastWith(page, `Bonjour ${accounts.employee.firstName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrées de temps' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await axe('/time-entries on a phone');
});
