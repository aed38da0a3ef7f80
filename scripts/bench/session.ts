/** The demo admin's session on a bench server: the Authorization header its requests carry. */
export async function adminAuth(api: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.brigade.test', password }),
  });
  if (!response.ok) throw new Error(`signing the demo admin in: HTTP ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
