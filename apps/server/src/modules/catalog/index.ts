// What the skills and tools catalogues share: unique bilingual names, archiving, holder counts.
export * from './entries.ts';
