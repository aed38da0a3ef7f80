import { accounts, expect, type Role, signInWithForm, test, toastWith } from '../fixtures.ts';

const homes: Record<Role, { title: string }> = {
  admin: { title: 'Overview' },
  supervisor: { title: 'Tableau de bord' },
  employee: { title: 'Mes heures' },
};

for (const role of ['admin', 'supervisor', 'employee'] as const) {
  test(`${role} signs in through /login, lands on ${accounts[role].home} and is greeted`, async ({
    page,
    axe,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await axe('login');

    await signInWithForm(page, role);
    await expect(toastWith(page, `Bonjour ${accounts[role].firstName}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: homes[role].title })).toBeVisible();
    await expect(page).toHaveTitle(`${homes[role].title} · Brigade`);
    await axe(accounts[role].home);
  });
}
