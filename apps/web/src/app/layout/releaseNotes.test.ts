import { describe, expect, it } from 'vitest';
import { appVersion, compareVersions } from '../../lib/version.ts';
import { releases, releasesUpTo } from './releaseNotes.ts';

describe('release notes', () => {
  it.each(releases.map((release) => [release.version, release] as const))(
    '%s has its notes in French and in English, one for one',
    (_, release) => {
      expect(release.notes.fr.length).toBeGreaterThan(0);
      expect(release.notes.en).toHaveLength(release.notes.fr.length);
      for (const note of [...release.notes.fr, ...release.notes.en]) expect(note.trim()).not.toBe('');
      // Not the same text twice: each language is written, not copied.
      expect(release.notes.fr.filter((note) => release.notes.en.includes(note))).toEqual([]);
    },
  );

  it('lists versions once each, newest first', () => {
    const versions = releases.map((release) => release.version);
    for (const version of versions) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(new Set(versions).size).toBe(versions.length);
    for (let i = 1; i < versions.length; i++) {
      expect(compareVersions(versions[i - 1]!, versions[i]!)).toBeGreaterThan(0);
    }
  });

  it("starts at the app's version, each release it has reached dated; later ones wait for their version", () => {
    const shown = releasesUpTo(appVersion);
    expect(shown[0]?.version).toBe(appVersion);
    for (const release of shown) expect(release.date, release.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(releasesUpTo('0.1.9').map((release) => release.version)).toEqual(['0.1.0']);
  });
});
