import { createRequire } from 'node:module';

// pdfmake's server build is CommonJS, with the Roboto fonts beside it: set up once for every PDF
// the server writes (the weekly timesheet, the reports).
const require = createRequire(import.meta.url);
export const pdfmake = require('pdfmake') as typeof import('pdfmake');
export type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];
const fonts = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
pdfmake.addFonts(fonts);
// The documents are ours and name no address nor file: pdfmake may read its fonts, nothing else.
const fontFiles = new Set(Object.values(fonts.Roboto));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => fontFiles.has(file));
